export interface ProcessBatchCommand {
  readonly batchId: string;
}
