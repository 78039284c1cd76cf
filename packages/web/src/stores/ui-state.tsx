import { isPlanId, type BillingCycle, type PlanId } from '@citable/contract';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

/** Dashboard transition of spec 000 §4 and §9. */
const DASHBOARD_TRANSITION_MS = 300;

export type AuthMode = 'signin' | 'signup' | 'forgot';

/** Why the billing dialog was opened from an upgrade button: the plan to show first and what it unlocks. */
export interface BillingIntent {
  plan: PlanId;
  /** The tool or area the user wanted, e.g. "Entity Coverage Analyzer". */
  feature?: string;
}

export interface AuthDialogState {
  open: boolean;
  mode: AuthMode;
  /** A confirmation shown above the form, e.g. after sign-up or e-mail verification. */
  notice: string | null;
  /** An error carried into the dialog from elsewhere, e.g. an expired verification link. */
  error: string | null;
  /** The only address the forms accept, e.g. the one an invitation was sent to (issue 33); null: any. */
  lockedEmail: string | null;
}

/** What a caller may hand the auth dialog as it opens. */
export interface AuthDialogMessage {
  notice?: string;
  error?: string;
  lockedEmail?: string | null;
}

interface UiState {
  authDialog: AuthDialogState;
  onboardingOpen: boolean;
  settingsOpen: boolean;
  billingOpen: boolean;
  /** Set while the billing dialog is open from an upgrade button. */
  billingIntent: BillingIntent | null;
  /** The plan chosen on the pricing section, remembered across sign-up, sign-in and onboarding. */
  selectedPlan: PlanId | null;
  billingCycle: BillingCycle;
  dashboardTransition: boolean;
}

interface UiActions {
  openAuth: (mode: AuthMode, message?: AuthDialogMessage) => void;
  closeAuth: () => void;
  setAuthMode: (mode: AuthMode) => void;
  setOnboardingOpen: (open: boolean) => void;
  setSettingsOpen: (open: boolean) => void;
  setBillingOpen: (open: boolean) => void;
  /** Opens the billing dialog at the plan that unlocks `intent.feature`. */
  openBilling: (intent?: BillingIntent) => void;
  /** Clears the dialog's notice and error, so a new attempt's message never stacks on an old one. */
  clearAuthMessages: () => void;
  rememberPlan: (plan: PlanId | null, cycle?: BillingCycle) => void;
  setBillingCycle: (cycle: BillingCycle) => void;
  goToDashboard: () => void;
}

const UiStateContext = createContext<(UiState & UiActions) | null>(null);

/**
 * Overlays and hand-offs that several features trigger and the app shell renders: the auth and
 * onboarding dialogs, the settings dialog, the remembered plan and the dashboard transition.
 */
export function UiStateProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [authDialog, setAuthDialog] = useState<AuthDialogState>({ open: false, mode: 'signin', notice: null, error: null, lockedEmail: null });
  const [onboardingOpen, setOnboardingOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [billingOpen, setBillingOpenState] = useState(false);
  const [billingIntent, setBillingIntent] = useState<BillingIntent | null>(null);
  const [selectedPlan, setSelectedPlan] = useState<PlanId | null>(null);
  const [billingCycle, setCycle] = useState<BillingCycle>('monthly');
  const [dashboardTransition, setDashboardTransition] = useState(false);
  const transitionTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Read after mount, so the first client render matches the pre-rendered markup.
  useEffect(() => {
    const plan = readStorage(STORAGE_KEYS.selectedPlan);
    if (isPlanId(plan)) setSelectedPlan(plan);
    const cycle = readStorage(STORAGE_KEYS.billingCycle);
    if (cycle === 'annual' || cycle === 'monthly') setCycle(cycle);
    return () => clearTimeout(transitionTimer.current);
  }, []);

  const openAuth = useCallback(
    (mode: AuthMode, message?: AuthDialogMessage) => setAuthDialog({ open: true, mode, notice: message?.notice ?? null, error: message?.error ?? null, lockedEmail: message?.lockedEmail ?? null }),
    [],
  );
  const closeAuth = useCallback(() => setAuthDialog((current) => ({ ...current, open: false })), []);
  const setAuthMode = useCallback((mode: AuthMode) => setAuthDialog((current) => ({ ...current, mode, notice: null, error: null })), []);
  const clearAuthMessages = useCallback(
    () => setAuthDialog((current) => (current.notice === null && current.error === null ? current : { ...current, notice: null, error: null })),
    [],
  );

  const setBillingOpen = useCallback((open: boolean) => {
    setBillingIntent(null);
    setBillingOpenState(open);
  }, []);
  const openBilling = useCallback((intent?: BillingIntent) => {
    setBillingIntent(intent ?? null);
    setBillingOpenState(true);
  }, []);

  const setBillingCycle = useCallback((cycle: BillingCycle) => {
    setCycle(cycle);
    writeStorage(STORAGE_KEYS.billingCycle, cycle);
  }, []);

  const rememberPlan = useCallback(
    (plan: PlanId | null, cycle?: BillingCycle) => {
      setSelectedPlan(plan);
      writeStorage(STORAGE_KEYS.selectedPlan, plan);
      if (cycle) setBillingCycle(cycle);
    },
    [setBillingCycle],
  );

  const goToDashboard = useCallback(() => {
    clearTimeout(transitionTimer.current);
    setDashboardTransition(true);
    transitionTimer.current = setTimeout(() => {
      navigate('/dashboard');
      setDashboardTransition(false);
    }, DASHBOARD_TRANSITION_MS);
  }, [navigate]);

  const value = useMemo(
    () => ({
      authDialog,
      onboardingOpen,
      settingsOpen,
      billingOpen,
      billingIntent,
      selectedPlan,
      billingCycle,
      dashboardTransition,
      openAuth,
      closeAuth,
      setAuthMode,
      setOnboardingOpen,
      setSettingsOpen,
      setBillingOpen,
      openBilling,
      clearAuthMessages,
      rememberPlan,
      setBillingCycle,
      goToDashboard,
    }),
    [
      authDialog,
      onboardingOpen,
      settingsOpen,
      billingOpen,
      billingIntent,
      selectedPlan,
      billingCycle,
      dashboardTransition,
      openAuth,
      closeAuth,
      setAuthMode,
      setBillingOpen,
      openBilling,
      clearAuthMessages,
      rememberPlan,
      setBillingCycle,
      goToDashboard,
    ],
  );

  return <UiStateContext.Provider value={value}>{children}</UiStateContext.Provider>;
}

export function useUiState(): UiState & UiActions {
  const value = useContext(UiStateContext);
  if (!value) throw new Error('useUiState must be used inside <UiStateProvider>');
  return value;
}
