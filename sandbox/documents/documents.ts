/** Adding, generating, reading and downloading documents (Accounts and Documents APIs). */
import { createHash } from 'node:crypto';
import type { JsonObject } from '../../openapi/document';
import { accountOf, accountStatus } from '../accounts/status';
import { type Context, type Handler, bodyOf, page } from '../context';
import { type Answer, ApiError } from '../http';
import { unknownIdentifier } from '../identifiers';
import { checkDocumentFits } from '../onboarding/businessRules';
import { answerWithDocument } from '../onboarding/review';
import { iso } from '../state';

export function documentOf(context: Context, kind: 'add' | 'generate'): Answer {
  const account = accountOf(context);
  if (accountStatus(context, account) === 'CLOSED') {
    throw new ApiError(409, 'CONFLICT', `Account ${account.accountNumber} is CLOSED.`);
  }
  if (context.state.documents.size >= context.limits.documents) {
    throw new ApiError(
      409,
      'CONFLICT',
      `This sandbox client holds ${context.limits.documents} documents, the most the sandbox keeps. POST /v1/sandbox/reset clears them.`,
    );
  }
  if (kind === 'generate') checkDocumentFits(context, account.accountType, bodyOf(context).documentType);
  const operationId = kind === 'add' ? 'addAccountDocument' : 'generateAccountDocument';
  const template = context.descriptions.example(operationId, '201');
  const body = bodyOf(context);
  const actionId = typeof body.actionId === 'string' && body.actionId !== '' ? body.actionId : undefined;
  const application = context.state.applications.get(account.applicationId);
  if (kind === 'add' && application) {
    const documentType = typeof body.documentType === 'string' ? body.documentType : undefined;
    answerWithDocument(application, context.now, context.timing.reviewMs, { actionId, documentType });
  }
  const documentId = context.ids();
  const created: JsonObject = {
    ...template,
    documentId,
    accountNumber: account.accountNumber,
    createdAt: iso(context.now),
  };
  if (typeof body.documentType === 'string') created.documentType = body.documentType;
  if ('partyId' in created) created.partyId = typeof body.partyId === 'string' ? body.partyId : null;
  if ('actionId' in created) created.actionId = actionId ?? null;
  if ('updatedAt' in created) created.updatedAt = iso(context.now);
  context.state.documents.set(documentId, { documentId, accountNumber: account.accountNumber, body: created });
  return { status: 201, headers: { Location: `${context.base}/documents/${documentId}` }, body: created };
}

export const listDocumentTypes: Handler = (context) => {
  const template = context.descriptions.example('listDocumentTypes', '200');
  const items = Array.isArray(template.data) ? template.data : [];
  return { status: 200, body: page(context, items, {}) };
};

function storedDocument(context: Context) {
  const document = context.state.documents.get(context.params.documentId);
  if (!document) throw unknownIdentifier(`Document ${context.params.documentId}`);
  return document;
}

export const getDocument: Handler = (context) => {
  const document = storedDocument(context);
  const generated = document.body.status === 'GENERATED';
  const template = context.descriptions.example('getDocument', '200', generated ? 'generatedForm' : 'acceptedUpload');
  const body: JsonObject = { ...template };
  for (const key of Object.keys(body)) if (key in document.body) body[key] = document.body[key];
  body.documentId = document.documentId;
  body.accountNumber = document.accountNumber;
  body.updatedAt = body.createdAt;
  // The hash of the PDF the content endpoint returns, as the description says, so that a download checks out.
  body.sha256 = EMPTY_PDF_SHA256;
  return { status: 200, body };
};

/** The smallest PDF readers open: one empty page. The content of every sandbox document. */
const EMPTY_PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
const EMPTY_PDF_SHA256 = createHash('sha256').update(EMPTY_PDF).digest('hex');

export const downloadDocument: Handler = (context) => {
  storedDocument(context);
  return { status: 200, raw: { text: EMPTY_PDF, contentType: 'application/pdf' } };
};
