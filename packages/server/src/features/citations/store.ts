import { and, desc, eq, sql } from 'drizzle-orm';
import {
  MAX_FINGERPRINT_PHRASES,
  MAX_SAVED_CITATION_PROMPTS,
  type CitationHistoryEntry,
  type CitationTrackerResult,
  type FingerprintPhrase,
  type SavedCitationPrompt,
} from '@citable/contract';
import type { Db } from '../../db/client';
import { citationResults, citationRuns, fingerprintPhrases, savedCitationPrompts } from '../../db/schema';
import type { Analysed } from './aggregate';

/** Every read and write here is scoped by the user's id: another user's row is simply not found. */

/** An answer is kept whole up to this length: far beyond any real answer, bounded against a runaway one. */
export const MAX_STORED_ANSWER_CHARS = 20_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function previousRun(db: Db, userId: string, domain: string): Promise<{ createdAt: Date; result: CitationTrackerResult } | null> {
  const [row] = await db
    .select({ createdAt: citationRuns.createdAt, result: citationRuns.result })
    .from(citationRuns)
    .where(and(eq(citationRuns.userId, userId), eq(citationRuns.domain, domain)))
    .orderBy(desc(citationRuns.createdAt))
    .limit(1);
  return row ?? null;
}

/** The run and each observation behind it, in one transaction so history never shows half a run. */
export async function saveRun(db: Db, userId: string, result: CitationTrackerResult, analysed: readonly Analysed[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(citationRuns).values({
      id: result.runId,
      userId,
      domain: result.domain,
      brand: result.brand,
      source: result.source,
      keywords: result.keywords,
      fingerprintPhrases: result.fingerprintPhrases,
      samplesPerPrompt: result.samplesPerPrompt,
      result,
      samples: result.overall.samples,
      mentions: result.overall.mentions,
      createdAt: new Date(result.created_at),
    });
    if (analysed.length === 0) return;
    await tx.insert(citationResults).values(
      analysed.map(({ observation, analysis }) => ({
        runId: result.runId,
        userId,
        sourceId: observation.sourceId,
        prompt: observation.prompt,
        sample: observation.sample,
        url: observation.url,
        mentioned: analysis.mentioned,
        rank: analysis.rank,
        charOffset: analysis.offset,
        sentiment: analysis.sentiment,
        ownPageCited: analysis.ownPageCited,
        citedUrls: observation.citedUrls,
        competitorsMentioned: analysis.competitorsMentioned,
        competitorsCited: analysis.competitorsCited,
        consultedUrls: observation.consultedUrls ?? [],
        answerText: observation.text.slice(0, MAX_STORED_ANSWER_CHARS),
      })),
    );
  });
}

export async function citationHistory(db: Db, userId: string, domain: string | undefined, limit: number): Promise<CitationHistoryEntry[]> {
  const rows = await db
    .select({
      id: citationRuns.id,
      domain: citationRuns.domain,
      source: citationRuns.source,
      samples: citationRuns.samples,
      mentions: citationRuns.mentions,
      overall: sql<CitationTrackerResult['overall']>`${citationRuns.result}->'overall'`,
      citations: sql<number>`jsonb_array_length(${citationRuns.result}->'citations')`,
      createdAt: citationRuns.createdAt,
    })
    .from(citationRuns)
    .where(domain ? and(eq(citationRuns.userId, userId), eq(citationRuns.domain, domain)) : eq(citationRuns.userId, userId))
    .orderBy(desc(citationRuns.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    runId: row.id,
    domain: row.domain,
    source: row.source,
    samples: row.samples,
    mentions: row.mentions,
    rate: row.overall.rate,
    interval: row.overall.interval,
    citations: Number(row.citations),
    created_at: row.createdAt.toISOString(),
  }));
}

export class SavedListFullError extends Error {}

export async function listSavedPrompts(db: Db, userId: string): Promise<SavedCitationPrompt[]> {
  const rows = await db.select().from(savedCitationPrompts).where(eq(savedCitationPrompts.userId, userId)).orderBy(savedCitationPrompts.createdAt);
  return rows.map((row) => ({ id: row.id, prompt: row.prompt, created_at: row.createdAt.toISOString() }));
}

export async function addSavedPrompt(db: Db, userId: string, prompt: string): Promise<SavedCitationPrompt> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(savedCitationPrompts).where(eq(savedCitationPrompts.userId, userId));
  if ((count?.n ?? 0) >= MAX_SAVED_CITATION_PROMPTS) throw new SavedListFullError(`You can save up to ${MAX_SAVED_CITATION_PROMPTS} prompts. Delete one to add another.`);
  const [row] = await db.insert(savedCitationPrompts).values({ userId, prompt }).returning();
  return { id: row.id, prompt: row.prompt, created_at: row.createdAt.toISOString() };
}

/** False when there is no such prompt of this user (including a malformed id). */
export async function deleteSavedPrompt(db: Db, userId: string, id: string): Promise<boolean> {
  if (!uuidPattern.test(id)) return false;
  const deleted = await db
    .delete(savedCitationPrompts)
    .where(and(eq(savedCitationPrompts.id, id), eq(savedCitationPrompts.userId, userId)))
    .returning({ id: savedCitationPrompts.id });
  return deleted.length > 0;
}

export async function listFingerprintPhrases(db: Db, userId: string): Promise<FingerprintPhrase[]> {
  const rows = await db.select().from(fingerprintPhrases).where(eq(fingerprintPhrases.userId, userId)).orderBy(fingerprintPhrases.createdAt);
  return rows.map((row) => ({ id: row.id, phrase: row.phrase, created_at: row.createdAt.toISOString() }));
}

export async function addFingerprintPhrase(db: Db, userId: string, phrase: string): Promise<FingerprintPhrase> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(fingerprintPhrases).where(eq(fingerprintPhrases.userId, userId));
  if ((count?.n ?? 0) >= MAX_FINGERPRINT_PHRASES) throw new SavedListFullError(`You can save up to ${MAX_FINGERPRINT_PHRASES} fingerprint phrases. Delete one to add another.`);
  const [row] = await db.insert(fingerprintPhrases).values({ userId, phrase }).returning();
  return { id: row.id, phrase: row.phrase, created_at: row.createdAt.toISOString() };
}

export async function deleteFingerprintPhrase(db: Db, userId: string, id: string): Promise<boolean> {
  if (!uuidPattern.test(id)) return false;
  const deleted = await db
    .delete(fingerprintPhrases)
    .where(and(eq(fingerprintPhrases.id, id), eq(fingerprintPhrases.userId, userId)))
    .returning({ id: fingerprintPhrases.id });
  return deleted.length > 0;
}
