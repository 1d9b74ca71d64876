/**
 * `npm run findings:readme`: rewrites the README's findings table from the gallery's recordings
 * (examples/index.json) — the rows the app's first view tells. The gallery recorder does it when it
 * publishes a recording; a unit test checks that the README holds exactly this table.
 */
import { updateReadmeFindings } from './gallery-findings';

console.log(updateReadmeFindings() ? 'README.md: findings table rewritten from the gallery' : 'README.md: findings table already as the gallery gives it');
