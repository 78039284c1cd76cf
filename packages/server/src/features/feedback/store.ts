import type { FeedbackRequest, PlanId } from '@citable/contract';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema';

/** Stores one feedback message with the plan the user is on now (read by the caller on the server). */
export async function insertFeedback(db: Db, userId: string, plan: PlanId, input: FeedbackRequest): Promise<{ id: string; createdAt: Date }> {
  const [row] = await db
    .insert(feedback)
    .values({ userId, userPlan: plan, feedbackType: input.feedbackType, satisfaction: input.satisfaction, valueRating: input.valueRating, feedbackText: input.feedbackText.trim() })
    .returning({ id: feedback.id, createdAt: feedback.createdAt });
  return row;
}
