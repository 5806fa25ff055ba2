// Starting a screen's request once, when it is first shown, and knowing afterwards whether the screen is still
// there: a wallet or the server may answer after the user has left with the back arrow.
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';

/**
 * Calls `start` once, after the first render; `alive()` is false from the moment the component unmounts. (A
 * layout effect's cleanup runs at unmount; Preact runs a passive effect's only after the next paint.)
 */
export function useStartOnce(start: (alive: () => boolean) => void): void {
  const aliveRef = useRef(true);
  const startedRef = useRef(false);
  useLayoutEffect(
    () => () => {
      aliveRef.current = false;
    },
    [],
  );
  useEffect(() => {
    if (startedRef.current) return;
    startedRef.current = true;
    start(() => aliveRef.current);
  });
}
