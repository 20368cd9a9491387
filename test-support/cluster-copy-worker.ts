// A set-up file of the projects whose tests open stores: see ./cluster-copy.ts.
import { useRunClusterCopy } from './cluster-copy';

await useRunClusterCopy();
