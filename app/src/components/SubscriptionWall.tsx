import { Link } from 'react-router-dom';
import { useCourseRules } from '../course/course-rules.js';
import { practiceChartsOffer } from '../course/practice-offer.js';
import { Modal } from './Modal.js';

export const SUBSCRIPTION_WALL_MESSAGE =
  "Let's keep it going! You must be subscribed to access this content";

/**
 * The modal over gated content (a lesson, a practice chart after the free first one): the server
 * sends no content, so a placeholder sits beneath.
 */
export function SubscriptionWall({ title }: { title?: string }) {
  const { rules } = useCourseRules();
  return (
    <>
      <div className="lesson-placeholder" aria-hidden="true">
        <div className="lesson-placeholder__title">{title}</div>
        <div className="lesson-placeholder__line" />
        <div className="lesson-placeholder__line" />
        <div className="lesson-placeholder__line lesson-placeholder__line--short" />
        <div className="lesson-placeholder__chart" />
      </div>
      <Modal open title={SUBSCRIPTION_WALL_MESSAGE}>
        <p>The Pro Plan opens every lesson and chart exercise, and {practiceChartsOffer(rules)}.</p>
        <div className="modal__actions">
          <Link to="/pricing" className="button button--primary">
            Continue Learning
          </Link>
          <Link to="/home" className="button button--ghost">
            Back to the Learning Hub
          </Link>
        </div>
      </Modal>
    </>
  );
}
