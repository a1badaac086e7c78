export * from './common';
export * from './auth';
export * from './library';
