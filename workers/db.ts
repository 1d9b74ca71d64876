/** The worker's handle on the app's IndexedDB database (the page shares it: Dexie broadcasts changes). */
import { AppDB } from '../src/lib/store/db';

export const db = new AppDB();
