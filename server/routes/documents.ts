// SPEC §7 GET /jobs/{id}/documents: the owner's only, newest upload first, offset/limit, the
// total from day_counts, over the partial index files_job_documents. Documents (kind 2) are never
// timeline files: /files leaves them out.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DocumentsResponse } from '../../src/api/contract/documents';
import { fileName } from '../../src/domain/classify';
import { requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { listDocuments } from '../db/files';
import { fileIdOf } from '../db/ids';
import { totals } from '../db/users';
import { jobForCaller } from './jobs';
import { commonQuery, intString } from './params';

export const DOCUMENTS_PAGE = 500;
export const DOCUMENTS_PAGE_MAX = 2000;

const DocumentsQuery = z.object({
  ...commonQuery,
  offset: intString(0, Number.MAX_SAFE_INTEGER).default(0),
  limit: intString(1, DOCUMENTS_PAGE_MAX).default(DOCUMENTS_PAGE),
});

export function registerDocumentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // The documents page (SPEC §3 Document file). Owner only; `total` comes from day_counts.
  app.get('/jobs/:id/documents', (request) => {
    const job = jobForCaller(ctx, requireCaller(ctx, request), request, 'write');
    const { offset, limit } = DocumentsQuery.parse(request.query);
    const answer: DocumentsResponse = {
      documents: listDocuments(ctx.db, job.id, offset, limit).map((row) => ({
        fileName: fileName(row.path),
        fileID: fileIdOf(row.id, row.tag),
        uploadedTime: row.uploaded,
        size: row.size,
      })),
      total: totals(ctx.db, { job: job.id }).documents,
    };
    return answer;
  });
}
