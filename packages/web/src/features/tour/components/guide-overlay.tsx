import { X } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { placePopup, type Box, type Placement } from '../lib/placement';
import type { GuideStep } from '../lib/steps';

/** Tour tooltip and walkthrough highlight reposition this long after a resize or scroll (spec 002 §9). */
export const REPOSITION_DELAY_MS = 50;
const HIGHLIGHT_PAD = 6;

export interface GuideOverlayProps {
  steps: GuideStep[];
  /** Popup width; its height is measured, `defaultHeight` until it is. */
  width: number;
  defaultHeight: number;
  margin: number;
  label: string;
  testId: string;
  onFinish: () => void;
  onSkip: () => void;
}

function targetBox(step: GuideStep | undefined): Box | null {
  const element = step?.target ? document.querySelector(step.target) : null;
  if (!element) return null;
  const rect = element.getBoundingClientRect();
  return { top: rect.top, left: rect.left, width: rect.width, height: rect.height };
}

/**
 * A step-by-step popup anchored to real elements, with the element highlighted (spec 002 §2.9, §4).
 * Step index from 0; Next advances, Previous shows from the second step, the last reads Get Started.
 * The close button, Escape, or "Skip tour and explore on my own" on the first step skip it. Focus
 * moves into the popup, stays there while it is open and goes back where it was after.
 */
export function GuideOverlay({ steps, width, defaultHeight, margin, label, testId, onFinish, onSkip }: GuideOverlayProps) {
  const [index, setIndex] = useState(0);
  const [target, setTarget] = useState<Box | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const popup = useRef<HTMLDivElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const step = steps[index];
  const last = index === steps.length - 1;

  const measure = useCallback(() => {
    const box = targetBox(step);
    setTarget(box);
    const height = popup.current?.offsetHeight || defaultHeight;
    setPlacement(placePopup(box, { width, height }, { width: window.innerWidth, height: window.innerHeight }, margin));
  }, [step, width, defaultHeight, margin]);

  useLayoutEffect(() => {
    const element = step?.target ? document.querySelector(step.target) : null;
    const rect = element?.getBoundingClientRect();
    // Only an element out of sight is scrolled to: a tall one (the sidebar) is already in view.
    if (rect && (rect.bottom < 0 || rect.top > window.innerHeight)) element?.scrollIntoView({ block: 'center' });
    measure();
  }, [measure, step]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, REPOSITION_DELAY_MS);
    };
    window.addEventListener('resize', later);
    window.addEventListener('scroll', later, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', later);
      window.removeEventListener('scroll', later, true);
    };
  }, [measure]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => opener?.focus();
  }, []);

  useEffect(() => {
    primary.current?.focus();
  }, [index]);

  // Escape skips wherever focus is, even if the page moved it out of the popup.
  useEffect(() => {
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onSkip();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [onSkip]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !popup.current) return;
    const focusable = [...popup.current.querySelectorAll<HTMLElement>('button:not([disabled])')];
    const first = focusable[0];
    const end = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      end?.focus();
    } else if (!event.shiftKey && document.activeElement === end) {
      event.preventDefault();
      first?.focus();
    }
  };

  if (!step) return null;
  return createPortal(
    <div className="fixed inset-0 z-[60]" data-testid={testId}>
      {target ? (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed rounded-xl ring-4 ring-primary-400 transition-all duration-200"
          style={{
            top: target.top - HIGHLIGHT_PAD,
            left: target.left - HIGHLIGHT_PAD,
            width: target.width + 2 * HIGHLIGHT_PAD,
            height: target.height + 2 * HIGHLIGHT_PAD,
            boxShadow: '0 0 0 9999px rgb(15 23 42 / 0.55)',
          }}
        />
      ) : (
        <div aria-hidden="true" className="fixed inset-0 bg-slate-950/55" />
      )}
      <div
        ref={popup}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
        className="fixed rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-slate-200"
        style={{ width: Math.min(width, window.innerWidth - 2 * margin), top: placement?.top ?? margin, left: placement?.left ?? margin, visibility: placement ? 'visible' : 'hidden' }}
        data-step={index}
      >
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-xs font-semibold tracking-wide text-primary-700 uppercase">
              Step {index + 1} of {steps.length}
            </p>
            <h2 id={titleId} className="mt-1 text-lg font-semibold text-slate-900">
              {step.title}
            </h2>
          </div>
          <button type="button" onClick={onSkip} className="-mt-1 -mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800" aria-label={`Close ${label.toLowerCase()}`}>
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <p id={bodyId} className="mt-2 text-sm leading-relaxed text-slate-700">
          {step.body}
        </p>
        <div className="mt-5 flex flex-wrap items-center gap-2">
          {index === 0 ? (
            <button type="button" onClick={onSkip} className="mr-auto text-sm text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
              Skip tour and explore on my own
            </button>
          ) : (
            <Button variant="outline" size="sm" className="mr-auto" onClick={() => setIndex(index - 1)}>
              Previous
            </Button>
          )}
          <Button ref={primary} size="sm" onClick={() => (last ? onFinish() : setIndex(index + 1))} data-testid={`${testId}-next`}>
            {last ? 'Get Started' : 'Next'}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
