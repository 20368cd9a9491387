import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { parse } from 'graphql';
import { Observable, type Subscriber } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { freshReadsLink, maxAskAgain } from './fresh-reads';

// The documents of a stand-in service with a schema of its own, not the api's.
const LikedQuery = parse('query Liked { liked }');
const RemoveMutation = parse('mutation Remove($id: String!) { remove(id: $id) }');
const KeepMutation = parse('mutation Keep { keep }');

/**
 * A service that holds a list of liked ids. A query reads the list when it is sent and answers only when released;
 * a mutation removes an id and answers at once.
 */
function setUp(leavesReadsFresh?: (operationName: string | undefined) => boolean) {
  const service = { liked: ['a', 'b', 'c'], asked: 0 };
  const held: { liked: string[]; subscriber: Subscriber<ApolloLink.Result> }[] = [];
  const terminating = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((subscriber) => {
        if (operation.operationName === 'Keep') {
          subscriber.next({ data: { keep: true } });
          subscriber.complete();
          return;
        }
        if (operation.operationName === 'Remove') {
          const id = operation.variables.id as string;
          service.liked = service.liked.filter((each) => each !== id);
          subscriber.next({ data: { remove: true } });
          subscriber.complete();
          return;
        }
        service.asked += 1;
        held.push({ liked: [...service.liked], subscriber });
      }),
  );
  const release = () => {
    for (const { liked, subscriber } of held.splice(0)) {
      subscriber.next({ data: { liked } });
      subscriber.complete();
    }
  };
  const client = new ApolloClient({
    link: freshReadsLink(leavesReadsFresh).concat(terminating),
    cache: new InMemoryCache(),
  });
  const remove = (id: string) =>
    client.mutate({
      mutation: RemoveMutation,
      variables: { id },
      update: (cache) =>
        cache.updateQuery<{ liked: string[] }>({ query: LikedQuery }, (data) =>
          data ? { liked: data.liked.filter((each) => each !== id) } : data,
        ),
    });
  const read = () => client.readQuery<{ liked: string[] }>({ query: LikedQuery })?.liked;
  const keep = () => client.mutate({ mutation: KeepMutation });
  return { service, client, release, remove, keep, read };
}

/** Lets the held answers and the links' callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reads a change overtook', () => {
  it('are asked again, so that a removal answered meanwhile is not undone by the older read', async () => {
    const { service, client, release, remove, read } = setUp();
    client.writeQuery({ query: LikedQuery, data: { liked: ['a', 'b', 'c'] } });
    // A read of the list is on its way (a screen asked again after a failure) when a removal is made and answered.
    const reading = client.query({ query: LikedQuery, fetchPolicy: 'network-only' });
    await settle();
    await remove('a');
    expect(read()).toEqual(['b', 'c']);
    // The read was sent before the removal: its answer still holds the removed id.
    release();
    await settle();
    // It is dropped, the cache keeps the removal, and the list is asked for again.
    expect(read()).toEqual(['b', 'c']);
    expect(service.asked).toBe(2);
    release();
    expect((await reading).data).toEqual({ liked: ['b', 'c'] });
    expect(read()).toEqual(['b', 'c']);
  });

  it('go once when no change is answered while they are on their way', async () => {
    const { service, client, release, remove, read } = setUp();
    await remove('b');
    const reading = client.query({ query: LikedQuery, fetchPolicy: 'network-only' });
    await settle();
    release();
    expect((await reading).data).toEqual({ liked: ['a', 'c'] });
    expect(service.asked).toBe(1);
    expect(read()).toEqual(['a', 'c']);
  });

  it('go once when the change answered meanwhile is one that leaves reads fresh', async () => {
    const { service, client, release, remove, keep, read } = setUp((name) => name === 'Keep');
    const reading = client.query({ query: LikedQuery, fetchPolicy: 'network-only' });
    await settle();
    // A change whose effect reaches the screens by a way of its own (a device that says it is still there).
    await keep();
    release();
    await settle();
    expect(service.asked).toBe(1);
    expect((await reading).data).toEqual({ liked: ['a', 'b', 'c'] });
    // Any other change still sends an overtaken read again.
    const again = client.query({ query: LikedQuery, fetchPolicy: 'network-only' });
    await settle();
    await remove('a');
    release();
    await settle();
    expect(service.asked).toBe(3);
    release();
    expect((await again).data).toEqual({ liked: ['b', 'c'] });
    expect(read()).toEqual(['b', 'c']);
  });

  it('take the last answer once changes have overtaken them the most times asked', async () => {
    const { service, client, release, remove } = setUp();
    const reading = client.query({ query: LikedQuery, fetchPolicy: 'network-only' });
    await settle();
    for (const id of ['a', 'b', 'c']) {
      await remove(id);
      release();
      await settle();
    }
    // Asked first, then again after each of the first two removals; the third answer is taken as it is.
    expect(service.asked).toBe(1 + maxAskAgain);
    expect((await reading).data).toEqual({ liked: ['c'] });
  });
});
