import { type Dispatched, fail } from '../command.ts';
import { storageMove } from './storage-move.ts';
import { storageSweep } from './storage-sweep.ts';

/** `storage move` or `storage sweep`, each with its own lines in the usage text. */
export const storage: Dispatched = {
  positionals: [1, 1],
  needs: 'move or sweep',
  run(args) {
    const what = args.positionals[0];
    if (what === 'sweep') return storageSweep.run(args);
    if (what !== 'move') fail(`storage takes move or sweep, not ${what}`);
    return storageMove.run(args);
  },
};
