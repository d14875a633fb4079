import { provideIslands } from '../../src/ui/Island';
import { islands } from '../../src/islands/registry';

// Components rendered on their own in Node render their islands as the worker does (src/index.ts).
provideIslands(islands);
