import { memoryPositions } from './memory-positions';
import { describePositionStoreContract } from './position-store-contract';

describePositionStoreContract('in memory', async () => ({ store: memoryPositions(), close: async () => {} }));
