/**
 * `npm run findings:readme`: rewrites the README's findings table and docs/findings.md's model ladder
 * from the gallery's recordings (examples/index.json) — the rows the app's first view tells. The
 * gallery recorder does it when it publishes a recording; a unit test checks both files hold exactly these.
 */
import { updateGeneratedBlocks } from './gallery-findings';

const changed = updateGeneratedBlocks();
console.log(changed.length ? `rewritten from the gallery: ${changed.join(', ')}` : 'README.md and docs/findings.md already as the gallery gives them');
