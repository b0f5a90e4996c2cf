/** The subscriptions feature's parts where other screens show them (composed by src/web/app). */
export { TrialBanners } from './components/trial-banner';
export { BuyShieldButton, useRecoveryCheckout } from './components/streak-purchases';
