import { startRun, type FlowName, type Run } from '@pentland/auth-machine/testing';
import { useEffect, useState } from 'react';

/** Subscribes to a live run (the real runtime machine with a fake service and a simulated clock). */
export function useRunView<View>(run: Run, view: (snapshot: never) => unknown): View {
  const [snapshot, setSnapshot] = useState(() => run.actor.getSnapshot());
  useEffect(() => {
    const sub = run.actor.subscribe(setSnapshot);
    setSnapshot(run.actor.getSnapshot());
    return () => sub.unsubscribe();
  }, [run]);
  return view(snapshot as never) as View;
}

/** A story loader that starts a live run of a flow; the story gets it as `loaded.run`. */
export const liveRun = (flow: FlowName, input: unknown) => async () => ({ run: await startRun(flow, input) });

export type { Run };
