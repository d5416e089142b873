// The inline script's entry (built by tooling/rspack/prerender.mjs): the fill, run once where the page has it. On
// the Following tab (issue 35) the template's answer, the galaxy's first page, is not drawn.
import { followingChosen } from '../lib/feedTab';
import { fillSignedInTemplate } from './fill';

fillSignedInTemplate((card, answers) =>
  followingChosen(location.search) ? undefined : answers[card.dataset.call ?? ''],
);
