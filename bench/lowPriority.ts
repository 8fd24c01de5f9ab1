// The bench's own thread at the lowest priority, called once the server and the browser it starts
// run at their own. On two cores the bench's driving of the page (Playwright's clicks, waits and
// protocol) took 70-190 ms of CPU in bench:treetable's level opening beside the renderer's 230-360
// ms: time a person's machine never spends. With it lowered, six runs each way had a long frame in
// the level's opening and its reads in 2 and 1 runs in place of 5 and 4 (docs/benchmarks.md, "Tree
// tables", 2026-12-06, sixth sitting). Linux sets a priority a thread at a time, so the processes
// started before keep theirs.
import { setPriority } from 'node:os';

export function lowerOwnPriority(): void {
  setPriority(19);
}
