import { ACTIVITY_THROTTLE_MS, analysable, REALTIME_DEBOUNCE_MS, type ContentAnalysisResult, type EditorContentType, type RealtimeSuggestion } from '@citable/contract';
import { analyzeEditorContent } from '@citable/engine';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { recordAnalysis } from '../api/editor-api';
import { createDebouncer } from '../lib/debounce';

export interface LiveAnalysis {
  analysis: ContentAnalysisResult | null;
  suggestions: RealtimeSuggestion[];
  /** Replaces the suggestions after a fix, until the next analysis. */
  setSuggestions: (next: RealtimeSuggestion[]) => void;
  /** How long the last in-browser analysis took, in milliseconds. */
  lastMs: number | null;
  pending: boolean;
}

/**
 * The editor's analysis, run in the browser by the engine 1 s after the last change to the
 * content, keywords or type (spec 002 §4). Content below the minimum clears the result. Analysis
 * errors are only logged (spec 002 §8). The server is told at most once per activity window.
 */
export function useLiveAnalysis(content: string, keywords: string[], contentType: EditorContentType): LiveAnalysis {
  const [analysis, setAnalysis] = useState<ContentAnalysisResult | null>(null);
  const [suggestions, setSuggestions] = useState<RealtimeSuggestion[]>([]);
  const [lastMs, setLastMs] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const debouncer = useMemo(() => createDebouncer(REALTIME_DEBOUNCE_MS), []);
  const lastRecorded = useRef(0);
  // The keyword list is rebuilt on every render; its text is what identifies a change.
  const keywordKey = keywords.join('\u0000');

  const record = useCallback((text: string, words: string[], type: EditorContentType) => {
    const now = Date.now();
    if (now - lastRecorded.current < ACTIVITY_THROTTLE_MS) return;
    lastRecorded.current = now;
    recordAnalysis({ content: text, keywords: words, contentType: type }).catch((error: unknown) => console.warn('content_analyzed not recorded', error));
  }, []);

  useEffect(() => {
    if (!analysable(content)) {
      debouncer.cancel();
      setAnalysis(null);
      setSuggestions([]);
      setPending(false);
      return;
    }
    setPending(true);
    const words = keywordKey === '' ? [] : keywordKey.split('\u0000');
    debouncer.schedule(() => {
      try {
        const started = performance.now();
        const result = analyzeEditorContent({ content, keywords: words, contentType });
        setLastMs(performance.now() - started);
        setAnalysis(result);
        setSuggestions(result?.suggestions ?? []);
        if (result) record(content, words, contentType);
      } catch (error) {
        console.error('Content analysis failed', error);
      } finally {
        setPending(false);
      }
    });
    return () => debouncer.cancel();
  }, [content, keywordKey, contentType, debouncer, record]);

  return { analysis, suggestions, setSuggestions, lastMs, pending };
}
