// The drizzle schema, one file per feature; this list is what drizzle-kit and the client see.
export * from './platform';
export * from './enterprise-admin';
export * from './agents';
export * from './nlu';
export * from './customers';
export * from './channels';
export * from './broadcasts';
export * from './conversations';
export * from './knowledge';
export * from './campaigns';
