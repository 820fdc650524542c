/**
 * A knowledge agent's answer with no LLM: retrieve, then trim the best passage to the sentences
 * that answer (extractive-answer.ts). Null means the agent's out-of-scope message.
 */
import { embedTexts } from '../engine/embeddings';
import {
  DEFAULT_ANSWER,
  extractAnswer,
  splitSentences,
  type AnswerSettings,
  type KnowledgeAnswer,
} from './extractive-answer';
import type { Embed, KnowledgeRetriever } from './knowledge-retrieval';

export function createKnowledgeAnswerer({
  retriever,
  embed = (texts) => embedTexts(texts),
  settings = DEFAULT_ANSWER,
}: {
  retriever: KnowledgeRetriever;
  embed?: Embed;
  settings?: AnswerSettings;
}) {
  return {
    async answer(enterpriseId: string, agentId: string, question: string): Promise<KnowledgeAnswer | null> {
      const [questionVector] = await embed([question]);
      const [best] = await retriever.retrieve(enterpriseId, agentId, question, {
        limit: 1,
        queryVector: questionVector,
      });
      if (!best) return null;
      const sentences = splitSentences(best.text);
      const sentenceVectors = sentences.length > settings.maxSentences ? await embed(sentences) : [];
      return extractAnswer(
        {
          question,
          questionVector: questionVector!,
          passage: { ...best, similarity: best.bestCosine },
          sentenceVectors,
        },
        settings,
      );
    },
  };
}
