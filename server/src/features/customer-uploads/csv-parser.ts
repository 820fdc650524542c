// The streaming CSV parser moved to the platform (the blacklist import reads CSV too).
export * from '../../platform/csv-parser';
