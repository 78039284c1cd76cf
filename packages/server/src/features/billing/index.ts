export { billingPlugin } from './billing-plugin';
export { assertEntitled, currentPlan, requireArea, requireEntitlement, requirePlan, requireTool } from './gates';
export { enforceSiteCaps } from './plan-caps';
export { calendarMonth } from './usage';
