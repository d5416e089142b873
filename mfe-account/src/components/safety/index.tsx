// Settings' safety sections (issue 31): blocked and muted accounts, muted words, who can message you, your data.
import { safetyApi } from '@skynet/kit';
import { DataExportSection } from './DataExportSection';
import { MessagePolicySection } from './MessagePolicySection';
import { MutedWordsSection } from './MutedWordsSection';
import { PeopleSection } from './PeopleSection';

export const NO_BLOCKS_TEXT = 'You have not blocked anyone.';
export const NO_MUTES_TEXT = 'You have not muted anyone.';

export function SafetySettings() {
  return (
    <>
      <PeopleSection
        title="Blocked accounts"
        load={safetyApi.blocks}
        undo={safetyApi.unblock}
        undoLabel="Unblock"
        verb="blocked"
        emptyText={NO_BLOCKS_TEXT}
      />
      <PeopleSection
        title="Muted accounts"
        load={safetyApi.mutes}
        undo={safetyApi.unmute}
        undoLabel="Unmute"
        verb="muted"
        emptyText={NO_MUTES_TEXT}
      />
      <MutedWordsSection />
      <MessagePolicySection />
      <DataExportSection />
    </>
  );
}
