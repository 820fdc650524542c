import { useMutation } from '@tanstack/react-query';
import { broadcastRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';

/**
 * Expression variable lookup (POST /api/broadcasts/expression-variables): the {{column}} parts of a
 * URL expression and the customer columns they read, or why the expression cannot be filled.
 */
export function lookupExpressionVariables(expression: string, signal?: AbortSignal) {
  return apiRequest(broadcastRoutes.expressionVariables, { body: { expression }, signal });
}

export function useLookupExpressionVariables() {
  return useMutation({ mutationFn: (expression: string) => lookupExpressionVariables(expression) });
}
