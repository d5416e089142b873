import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, rows } from '../../db/database.js';
import type { Faq } from '../../schemas/entities.js';

interface FaqRow {
  id: string;
  question: string;
  answer: string;
}
const toFaq = (r: FaqRow): Faq => ({ _id: r.id, question: r.question, answer: r.answer });

export function createFaqsRepository(db: Db) {
  return {
    async all(): Promise<Faq[]> {
      return (await rows<FaqRow>(db, sql`SELECT id, question, answer FROM faqs ORDER BY position`)).map(
        toFaq,
      );
    },
    /** Matches words of the question and answer (full text, any prefix of a word too); the text is only data. */
    async search(text: string): Promise<Faq[]> {
      const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      if (words.length === 0) return [];
      const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const list = await rows<FaqRow>(
        db,
        sql`SELECT id, question, answer FROM faqs
            WHERE search @@ websearch_to_tsquery('english', ${text})
               OR lower(question || ' ' || answer) LIKE ${pattern}
            ORDER BY ts_rank(search, websearch_to_tsquery('english', ${text})) DESC, position`,
      );
      return list.map(toFaq);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    faqsRepository: ReturnType<typeof createFaqsRepository>;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('faqsRepository', createFaqsRepository(app.db));
  },
  { name: 'faqs-repository', dependencies: ['database'] },
);
