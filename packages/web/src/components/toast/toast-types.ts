export type ToastType = 'success' | 'info' | 'warning' | 'error';

export interface ToastInput {
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds on screen; defaults to the spec's 5000. */
  duration?: number;
}

export interface ToastRecord extends ToastInput {
  id: number;
  duration: number;
}

export interface ToastApi {
  show: (toast: ToastInput) => number;
  dismiss: (id: number) => void;
}
