export * from './common';
export * from './auth';
export * from './library';
export * from './sharing';
export * from './search';
export * from './routes';
export * from './endpoints';
export * from './words';
