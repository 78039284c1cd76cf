import { z } from 'zod';

/** The feedback dialog (spec 002 §2.12, §3, §5, §8). */
export const FEEDBACK_TYPES = ['feature', 'improvement', 'bug', 'general'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = {
  feature: 'Feature request',
  improvement: 'Improvement',
  bug: 'Bug report',
  general: 'General feedback',
};

export const FEEDBACK_TEXT_MAX = 5000;
export const FEEDBACK_TEXT_REQUIRED = 'Please tell us what you think';

export const FEEDBACK_MESSAGES = {
  submitFailed: 'Failed to submit feedback. Please try again.',
  thanks: { title: 'Thank you!', message: 'Your feedback was sent. We read every message.', duration: 5000 },
} as const;

const rating = z.number().int().min(1).max(5);

/** POST /api/feedback. The plan is not sent: the server stores the one it reads for the user. */
export const feedbackRequestSchema = z.strictObject({
  feedbackType: z.enum(FEEDBACK_TYPES),
  satisfaction: rating,
  valueRating: rating,
  feedbackText: z.string().max(FEEDBACK_TEXT_MAX).refine((text) => text.trim() !== '', FEEDBACK_TEXT_REQUIRED),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const feedbackResponseSchema = z.object({ id: z.string(), createdAt: z.string() });
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;
