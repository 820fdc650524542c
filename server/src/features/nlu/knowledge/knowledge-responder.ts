/**
 * How a knowledge agent answers one question (issue 20 item 3): retrieval over the agent's
 * passages, then either the GenAI configuration's model writing from the best passages (streamed,
 * citing them) or, with no LLM at all, the best passage trimmed to the sentences that answer. The
 * reply carries its sources as addresses ('View Source' opens the first). `answered` is false when
 * nothing relevant was found: the caller says its out-of-scope message.
 */
import { knowledgeSourceUrl } from '@parley/contracts/agents';
import { embedTexts } from '../engine/embeddings';
import { createKnowledgeAnswerer } from './knowledge-answer';
import { createKnowledgeRetriever, type Embed, type RetrievedPassage } from './knowledge-retrieval';
import type { KnowledgeRepository } from './knowledge.repository';

export interface KnowledgeReply {
  text: string;
  /** Source addresses, the one the answer rests on most first. */
  sources: string[];
  answered: boolean;
  /** How sure retrieval was of the best passage (its cosine to the question). */
  confidence: number;
}

/** Writes an answer from retrieved passages (the LLM path); the indices of the passages it cites. */
export type PassageWriter = (
  question: string,
  passages: RetrievedPassage[],
) => Promise<{ text: string; sources: number[]; refused: boolean }>;

/** Passages handed to an LLM at most, and the similarity below which a passage is not offered. */
const LLM_PASSAGES = 5;
const LLM_MIN_SIMILARITY = 0.35;

const sourceOf = (agentId: string, passage: { sourceKind: string; sourceId: string; page: number | null }) =>
  knowledgeSourceUrl(agentId, { kind: passage.sourceKind, id: passage.sourceId, page: passage.page });

export function createKnowledgeResponder({
  repository,
  embed = (texts) => embedTexts(texts),
}: {
  repository: KnowledgeRepository;
  embed?: Embed;
}) {
  const retriever = createKnowledgeRetriever({ repository, embed });
  const answerer = createKnowledgeAnswerer({ retriever, embed });

  return {
    /** Whether the agent has any indexed passage (a built knowledge base). */
    async hasKnowledge(enterpriseId: string, agentId: string): Promise<boolean> {
      return !(await repository.version(enterpriseId, agentId)).startsWith('0@');
    },

    /**
     * Answers from the agent's passages: with `write` (an LLM) from the best few, else extractively
     * from the best one.
     */
    async respond(input: {
      enterpriseId: string;
      agentId: string;
      question: string;
      write?: PassageWriter;
    }): Promise<KnowledgeReply> {
      const { enterpriseId, agentId, question } = input;
      if (!input.write) {
        const answer = await answerer.answer(enterpriseId, agentId, question);
        if (!answer) return { text: '', sources: [], answered: false, confidence: 0 };
        return {
          text: answer.text,
          sources: [
            sourceOf(agentId, { sourceKind: answer.source.kind, sourceId: answer.source.id, page: answer.source.page }),
          ],
          answered: true,
          confidence: answer.confidence,
        };
      }
      const [queryVector] = await embed([question]);
      const passages = (
        await retriever.retrieve(enterpriseId, agentId, question, { limit: LLM_PASSAGES, queryVector })
      ).filter((passage) => passage.bestCosine >= LLM_MIN_SIMILARITY);
      const confidence = passages[0]?.bestCosine ?? 0;
      if (passages.length === 0) return { text: '', sources: [], answered: false, confidence };
      const written = await input.write(question, passages);
      if (written.refused) return { text: written.text, sources: [], answered: false, confidence };
      const cited = written.sources.map((index) => passages[index]).filter((passage) => passage !== undefined);
      return {
        text: written.text,
        sources: [...new Set(cited.map((passage) => sourceOf(agentId, passage)))],
        answered: true,
        confidence,
      };
    },
  };
}

export type KnowledgeResponder = ReturnType<typeof createKnowledgeResponder>;
