// Money text is read in lib/money, below every feature: the CRM values deals with the same rules.
export * from "@/lib/money/amounts";
