export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Placement {
  top: number;
  left: number;
  side: 'below' | 'above' | 'right' | 'center';
}

/**
 * Where a popup of `size` goes next to `target` inside a viewport: below it when it fits, else
 * above, else to its right, else centred; always at least `margin` from the viewport edges.
 */
export function placePopup(target: Box | null, size: { width: number; height: number }, viewport: { width: number; height: number }, margin: number): Placement {
  const width = Math.min(size.width, viewport.width - 2 * margin);
  const clampLeft = (left: number) => Math.max(margin, Math.min(left, viewport.width - width - margin));
  const clampTop = (top: number) => Math.max(margin, Math.min(top, viewport.height - size.height - margin));
  const centred = { top: clampTop((viewport.height - size.height) / 2), left: clampLeft((viewport.width - width) / 2), side: 'center' as const };
  if (!target) return centred;
  const alignedLeft = clampLeft(target.left + target.width / 2 - width / 2);
  if (target.top + target.height + margin + size.height <= viewport.height - margin) return { top: target.top + target.height + margin, left: alignedLeft, side: 'below' };
  if (target.top - margin - size.height >= margin) return { top: target.top - margin - size.height, left: alignedLeft, side: 'above' };
  if (target.left + target.width + margin + width <= viewport.width - margin) return { top: clampTop(target.top), left: target.left + target.width + margin, side: 'right' };
  return centred;
}
