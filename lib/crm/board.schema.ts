import type { LeadCardDto, LeadStage } from "./crm.schema";
import type { PipelineDto } from "./deal-value.schema";

/**
 * Everything the pipeline board shows on its first load: the pipeline (stages, counts, totals) plus the first
 * page of cards of every column and the cursor to its next page (a column's further pages come from the lead list).
 */
export interface BoardDto extends PipelineDto {
  leads: Record<LeadStage, LeadCardDto[]>;
  cursors: Record<LeadStage, string | null>;
}
