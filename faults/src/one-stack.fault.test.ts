import { describe } from 'vitest';
import { brokerDownStart } from './cases/broker-down-start.fault.test';
import { brokerStall } from './cases/broker-stall.fault.test';
import { brokerStallWrites } from './cases/broker-stall-writes.fault.test';
import { databaseStall } from './cases/database-stall.fault.test';
import { decisionsThroughStalls } from './cases/decisions.fault.test';
import { frozenService } from './cases/frozen-service.fault.test';
import { probesWhileFrozen } from './cases/probes.fault.test';
import { sharedStack } from './support';

/**
 * Every fault whose end leaves the product healthy, on one stack with a Kafka and a FerretDB of
 * its own (to freeze): each case waits until every process is ready before it starts. Those
 * that disturb least come first; the restart of every process and the longest run come last.
 */
describe('faults on one running product', () => {
  // info: every request's line is in the stack's logs (their folder is in a failure's message)
  const product = sharedStack({ database: true, logLevel: 'info' });
  frozenService(product);
  probesWhileFrozen(product);
  databaseStall(product);
  brokerStall(product);
  brokerStallWrites(product);
  brokerDownStart(product);
  decisionsThroughStalls(product);
});
