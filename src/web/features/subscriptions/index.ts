/** The subscriptions feature's parts where other screens show them (composed by src/web/app). */
export { TrialBanners } from './components/trial-banner';
export { TrialExpiredModal } from './components/trial-expired-modal';
export { BuyShieldButton, useRecoveryCheckout } from './components/streak-purchases';
