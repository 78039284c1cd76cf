import { useEffect } from 'react';

/** Sets the tab title on client-side navigation; pre-rendered pages already carry theirs. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
