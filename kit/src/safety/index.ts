export { BLOCK_EXPLANATION, BlockDialog, type BlockDialogProps } from './BlockDialog';
export { REPORT_REASONS, REPORT_THANKS_TEXT, ReportDialog, type ReportDialogProps } from './ReportDialog';
