import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useUiState } from '../../../stores/ui-state';
import { DEFAULT_SECTION, sectionFor } from '../sections/registry';
import type { SectionId } from '../sections/section-types';

const PARAM = 'section';

/**
 * The selected section lives in `?section=`, so reload, links and back/forward keep it.
 * `settings` and `billing` open their dialogs (spec 002 §2); ids without a built section fall back to
 * the overview.
 */
export function useSection() {
  const [params, setParams] = useSearchParams();
  const { setSettingsOpen, setBillingOpen } = useUiState();
  const requested = params.get(PARAM);
  const resolved = sectionFor(requested) ?? sectionFor(DEFAULT_SECTION);
  if (!resolved) throw new Error('The overview section is not registered');

  useEffect(() => {
    if (requested === null || requested === resolved.id) return;
    if (requested === 'settings') setSettingsOpen(true);
    if (requested === 'billing') setBillingOpen(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PARAM);
        return next;
      },
      { replace: true },
    );
  }, [requested, resolved.id, setParams, setSettingsOpen, setBillingOpen]);

  const select = useCallback(
    (id: SectionId) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id === DEFAULT_SECTION) next.delete(PARAM);
        else next.set(PARAM, id);
        return next;
      });
    },
    [setParams],
  );

  return { section: resolved, select };
}
