// The security sections' classes: the safety sections' (rows, buttons, fields, lines) and their own.
import safety from '../safety/Safety.module.css';
import own from './Security.module.css';

const styles: Record<string, string> = { ...safety, ...own };
export default styles;
