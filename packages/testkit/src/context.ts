export type { InfraContext } from '@meritmatch/infra/testing/context';
