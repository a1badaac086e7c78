import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Starts with 'files', so whatever refreshes the files refreshes the usage too. */
export const storageUsageQueryKey = ['files', 'usage'] as const;

export const getStorageUsage = () => callApi('files.usage');

/** Bytes of files the signed-in user keeps, and the most they may keep (their quota). */
export function useStorageUsage() {
  return useQuery({ queryKey: storageUsageQueryKey, queryFn: getStorageUsage });
}
