import type { MetadataJson } from 'libphonenumber-js/core';

export function ukPhoneMetadata(full: MetadataJson): MetadataJson;
export function ukPhoneMetadataModule(full: MetadataJson): string;
