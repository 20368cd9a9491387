import { beforeAll, expect, it } from 'vitest';
import { describeService } from '../v1/__fixtures__/service';
import { resumePoints, setResumePoint } from './progress';

await describeService('episode progress', (service) => {
  let episodes: string[];

  beforeAll(async () => {
    episodes = (await service.db.query<{ id: string }>('SELECT id FROM episodes ORDER BY id')).rows.map(
      (row) => row.id,
    );
  });

  const episode = (n: number) => episodes[n] ?? '';

  it('reads resume points, at the start for episodes never played', async () => {
    const { id } = await service.listener([]);
    await setResumePoint(service.db, id, episode(4), { resumePositionMs: 4_000, fullyPlayed: false });
    await setResumePoint(service.db, id, episode(4), { resumePositionMs: 9_000, fullyPlayed: true });
    const points = await resumePoints(service.db, id, [episode(4), episode(5), episode(4)]);
    expect(points.size).toBe(2);
    expect(points.get(episode(4))).toEqual({ fullyPlayed: true, resumePositionMs: 9_000 });
    expect(points.get(episode(5))).toEqual({ fullyPlayed: false, resumePositionMs: 0 });
    expect((await resumePoints(service.db, id, [])).size).toBe(0);
  });

  it('keeps each listener to their own', async () => {
    const one = await service.listener([]);
    const other = await service.listener([]);
    await setResumePoint(service.db, one.id, episode(1), { resumePositionMs: 1_000, fullyPlayed: false });
    expect((await resumePoints(service.db, other.id, [episode(1)])).get(episode(1))).toEqual({
      fullyPlayed: false,
      resumePositionMs: 0,
    });
  });
});
