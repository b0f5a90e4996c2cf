import { Link } from 'react-router';
import { useUnreadFeedbackCount } from '../api/get-unread-count';

/**
 * The unread-feedback count for the developer-mode banner (spec part 2 §4): polled every 30 s while shown,
 * for admins only (the app mounts it for them). Hidden when the server refuses (the role was taken away).
 */
export function UnreadFeedbackCount() {
  const q = useUnreadFeedbackCount();
  if (!q.data) return null;
  const n = q.data.count;
  return (
    <Link
      to="/feedback"
      data-testid="unread-feedback-count"
      className="inline-flex min-h-11 items-center whitespace-nowrap rounded-lg px-1 underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
    >
      {n} new feedback
    </Link>
  );
}
