import { ApolloLink } from '@apollo/client';
import { OperationTypeNode } from 'graphql';
import { defer, finalize, mergeMap, of, type Observable } from 'rxjs';

/** How many times a query is asked again while changes keep overtaking it, before its last answer is taken. */
export const maxAskAgain = 2;

/**
 * Reads that a change overtook are asked again. A query sent before a mutation and answered after the mutation's
 * own answer reads the state from before the change; written to the cache, it would put back what the change took
 * away (a song just removed from Liked Songs, say) until the screen is next fetched. Such an answer is dropped and
 * the query asked again, so that what the cache keeps is read after the change. Queries that no mutation's answer
 * overtakes (nearly all) go once, as before.
 *
 * A mutation that `leavesReadsFresh` (by its operation's name) does not count: what it changes reaches the screens
 * by a way of its own, so a read it overtakes is kept rather than asked for twice.
 */
export function freshReadsLink(
  leavesReadsFresh: (operationName: string | undefined) => boolean = () => false,
): ApolloLink {
  let answeredChanges = 0;
  return new ApolloLink((operation, forward) => {
    if (operation.operationType === OperationTypeNode.MUTATION && leavesReadsFresh(operation.operationName)) {
      return forward(operation);
    }
    if (operation.operationType === OperationTypeNode.MUTATION) {
      return forward(operation).pipe(
        finalize(() => {
          answeredChanges += 1;
        }),
      );
    }
    if (operation.operationType !== OperationTypeNode.QUERY) return forward(operation);
    const ask = (again: number): Observable<ApolloLink.Result> =>
      defer(() => {
        const before = answeredChanges;
        return forward(operation).pipe(
          mergeMap((result) => (answeredChanges === before || again >= maxAskAgain ? of(result) : ask(again + 1))),
        );
      });
    return ask(0);
  });
}
