/**
 * The streak feature's parts of the dashboard (spec part 1 §2.8), composed by the dashboard page in
 * src/web/app. Owned by the streak work: stubs until then.
 */
export function StreakCard() {
  return null;
}
export function TrialBanners() {
  return null;
}
export function RewardClaimCards() {
  return null;
}
/** Streak Protected!, Recover Your Streak, reward celebration, trial-expiry and trial-details modals. */
export function DashboardStreakModals() {
  return null;
}
