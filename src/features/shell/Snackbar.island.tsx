import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { SNACKBAR_MS, snackbarAtom } from '../../state/ui';

/** A short confirmation, announced politely, gone after 3000 ms. */
export default function Snackbar() {
  const [snack, setSnack] = useAtom(snackbarAtom);
  useEffect(() => {
    if (!snack) return;
    const t = setTimeout(() => setSnack(null), SNACKBAR_MS);
    return () => clearTimeout(t);
  }, [snack, setSnack]);
  return (
    <div className="snackbar" role="status" aria-live="polite">
      {snack ? <p key={snack.id}>{snack.text}</p> : null}
    </div>
  );
}
