import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The dashboard selects its section with `?section=<id>` (see the dashboard's use-section). */
const SECTION_PARAM = 'section';

/** Switches the dashboard to another section, as a playbook step's launch does. */
export function useOpenSection() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (id: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(SECTION_PARAM, id);
        return next;
      }),
    [setParams],
  );
}
