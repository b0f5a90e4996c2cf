import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { PublicUser } from '@shared/schemas/auth';
// The notifications feature's settings slot loads with the settings screen (composed in app/).
const SettingsNotifications = lazy(() => import('./notification-slots').then((m) => ({ default: m.SettingsNotifications })));

// Every screen loads lazily (spec part 1 §2.1): a page loads only its own code beside the shared entry (React,
// the router, TanStack Query and the api client). A new screen follows the same pattern.
const WelcomeScreen = lazy(() => import('../features/auth/screens/welcome-screen'));
const SignInScreen = lazy(() => import('../features/auth/screens/sign-in-screen'));
const SignUpScreen = lazy(() => import('../features/auth/screens/sign-up-screen'));
const DashboardPage = lazy(() => import('./dashboard-page'));
const ForgotPasswordScreen = lazy(() => import('../features/auth/screens/forgot-password-screen'));
const ResetPasswordScreen = lazy(() => import('../features/auth/screens/reset-password-screen'));
const VerifyEmailScreen = lazy(() => import('../features/auth/screens/verify-email-screen'));
const LogoutScreen = lazy(() => import('../features/auth/screens/logout-screen'));
const CheckInScreen = lazy(() => import('../features/check-ins/screens/check-in-screen'));
const TrendsScreen = lazy(() => import('../features/insights/screens/trends-screen'));
const TipsScreen = lazy(() => import('../features/insights/screens/tips-screen'));
const CategoryScreen = lazy(() => import('../features/insights/screens/category-screen'));
const CompletionScreen = lazy(() => import('../features/insights/screens/completion-screen'));
const StreakScreen = lazy(() => import('./streak-page'));
const UsageHistoryScreen = lazy(() => import('../features/streaks/screens/usage-history-screen'));
const ShieldProtectionScreen = lazy(() => import('../features/streaks/screens/shield-protection-screen'));
const DedicatedSoulScreen = lazy(() => import('../features/streaks/screens/dedicated-soul-screen'));
const AchievementDedicatedSoulScreen = lazy(() => import('../features/streaks/screens/achievement-dedicated-soul-screen'));
const AchievementLegendaryWarriorScreen = lazy(() => import('../features/streaks/screens/achievement-legendary-warrior-screen'));
const AccountScreen = lazy(() => import('../features/account/screens/account-screen'));
const SettingsScreen = lazy(() => import('../features/settings/screens/settings-screen'));
const UpgradeScreen = lazy(() => import('../features/subscriptions/screens/upgrade-screen'));
const PurchaseHistoryScreen = lazy(() => import('../features/subscriptions/screens/purchase-history-screen'));
const PaymentSuccessScreen = lazy(() => import('../features/subscriptions/screens/payment-success-screen'));
const TestCheckoutScreen = lazy(() => import('../features/subscriptions/screens/test-checkout-screen'));
const AiCoachScreen = lazy(() => import('../features/ai-coach/screens/ai-coach-screen'));
const AiCoachConversationScreen = lazy(() => import('../features/ai-coach/screens/ai-coach-conversation-screen'));
const FeedbackScreen = lazy(() => import('../features/feedback/screens/feedback-screen'));
const AnalyticsScreen = lazy(() => import('../features/analytics/screens/analytics-screen'));
const BusinessDashboardScreen = lazy(() => import('../features/analytics/screens/business-dashboard-screen'));
const NotificationsScreen = lazy(() => import('../features/notifications/screens/notifications-screen'));
const FaqScreen = lazy(() => import('../features/static-pages/screens/faq-screen'));
const PrivacyScreen = lazy(() => import('../features/static-pages/screens/privacy-screen'));
const TermsScreen = lazy(() => import('../features/static-pages/screens/terms-screen'));
const WhatsNewScreen = lazy(() => import('../features/static-pages/screens/whats-new-screen'));
const ScrollTestScreen = lazy(() => import('../features/dev/screens/scroll-test-screen'));
const TestScreen = lazy(() => import('../features/dev/screens/test-screen'));
const NotificationTestScreen = lazy(() => import('../features/dev/screens/notification-test-screen'));
const AchievementTestScreen = lazy(() => import('../features/dev/screens/achievement-test-screen'));
const DevToolsOffScreen = lazy(() => import('../features/dev/screens/dev-tools-off-screen'));
/** The developer screens (spec part 2 §4). */
const DEV_SCREENS = [
  ['/achievement/test', AchievementTestScreen],
  ['/scroll-test', ScrollTestScreen],
  ['/test', TestScreen],
  ['/notification-test', NotificationTestScreen],
] as const;

/** Routes for signed-out visitors (spec part 1 §2.1); anything else goes to /. */
export const VISITOR_PATHS = ['/', '/signin', '/signup', '/login', '/forgot-password', '/reset-password', '/verify-email', '/privacy', '/terms', '/logout'] as const;

export function VisitorRoutes() {
  return (
    <Routes>
      <Route path="/" element={<WelcomeScreen />} />
      <Route path="/signin" element={<SignInScreen />} />
      <Route path="/login" element={<SignInScreen />} />
      <Route path="/signup" element={<SignUpScreen />} />
      <Route path="/forgot-password" element={<ForgotPasswordScreen />} />
      <Route path="/reset-password" element={<ResetPasswordScreen />} />
      <Route path="/verify-email" element={<VerifyEmailScreen />} />
      <Route path="/privacy" element={<PrivacyScreen />} />
      <Route path="/terms" element={<TermsScreen />} />
      <Route path="/logout" element={<LogoutScreen />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** Routes for signed-in users (spec part 1 §2.1); the test screens only with developer tools. */
export function UserRoutes({ user }: { user: PublicUser }) {
  return (
    <Routes>
      <Route path="/" element={<DashboardPage />} />
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/streak" element={<StreakScreen />} />
      {/* The year in pixels lives in the streak page's chunk (streak-page.tsx says why). */}
      <Route path="/insights/year" element={<StreakScreen />} />
      <Route path="/account" element={<AccountScreen />} />
      <Route path="/settings" element={<SettingsScreen notifications={<SettingsNotifications />} />} />
      <Route path="/checkin" element={<CheckInScreen />} />
      <Route path="/upgrade" element={<UpgradeScreen />} />
      <Route path="/tips" element={<TipsScreen />} />
      <Route path="/trends" element={<TrendsScreen />} />
      <Route path="/category/:categoryId" element={<CategoryScreen />} />
      <Route path="/whats-new" element={<WhatsNewScreen />} />
      <Route path="/faq" element={<FaqScreen />} />
      <Route path="/privacy" element={<PrivacyScreen />} />
      <Route path="/terms" element={<TermsScreen />} />
      <Route path="/business-dashboard" element={<BusinessDashboardScreen />} />
      <Route path="/analytics" element={<AnalyticsScreen />} />
      <Route path="/payment-success" element={<PaymentSuccessScreen />} />
      <Route path="/purchase-history" element={<PurchaseHistoryScreen />} />
      <Route path="/test-checkout" element={<TestCheckoutScreen />} />
      <Route path="/feedback" element={<FeedbackScreen />} />
      <Route path="/ai-coach" element={<AiCoachScreen />} />
      <Route path="/ai-coach/conversation/:id" element={<AiCoachConversationScreen />} />
      <Route path="/completion" element={<CompletionScreen />} />
      <Route path="/usage-history" element={<UsageHistoryScreen />} />
      <Route path="/shield-protection" element={<ShieldProtectionScreen />} />
      <Route path="/notifications" element={<NotificationsScreen />} />
      <Route path="/dedicated-soul" element={<DedicatedSoulScreen />} />
      <Route path="/achievement/dedicated-soul" element={<AchievementDedicatedSoulScreen />} />
      <Route path="/achievement/legendary-warrior" element={<AchievementLegendaryWarriorScreen />} />
      {DEV_SCREENS.map(([path, Screen]) => (
        // On a server with developer tools off, the developer screens say so.
        <Route key={path} path={path} element={user.devTools ? <Screen /> : <DevToolsOffScreen />} />
      ))}
      <Route path="/logout" element={<LogoutScreen />} />
      <Route path="/forgot-password" element={<ForgotPasswordScreen />} />
      <Route path="/reset-password" element={<ResetPasswordScreen />} />
      <Route path="/verify-email" element={<VerifyEmailScreen />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
