import { PORTAL_IMPORT_COLUMNS, type PortalImportColumn } from '@kbe/contracts';
import { csvLine } from '@kbe/server-csv';

/**
 * The example row of the bulk-registration template: a valid registration (the values of the
 * contracts' registration fixtures), with the photo and signature named as files in the ZIP.
 */
export const IMPORT_TEMPLATE_EXAMPLE: Readonly<Record<PortalImportColumn, string>> = {
  mentorCode: 'MEN-4HT9PA',
  'personalDetails.fullName': 'Aarav Patil',
  'personalDetails.fatherName': 'Suresh Patil',
  'personalDetails.motherName': 'Meena Patil',
  'personalDetails.gender': 'Male',
  'personalDetails.dateOfBirth': '2012-06-15',
  'personalDetails.religion': 'Hindu',
  'personalDetails.region': 'Urban',
  'personalDetails.motherTongue': 'Marathi',
  'contactDetails.phoneNumber': '9876501234',
  'contactDetails.email': 'parent@example.org',
  'guardianDetails.name': 'Meena Patil',
  'guardianDetails.relation': 'Mother',
  'guardianDetails.phoneNumber': '9876505678',
  'orphanDetails.isOrphan': 'false',
  'permanentAddress.addressLines': 'Flat 3, Shanti Apartments',
  'permanentAddress.village': 'Satpur',
  'permanentAddress.taluka': 'Nashik',
  'permanentAddress.district': 'Nashik',
  'permanentAddress.state': 'Maharashtra',
  'permanentAddress.pin': '422007',
  'educationalDetails.schoolName': 'Nashik Model School',
  'educationalDetails.standard': '8th',
  'educationalDetails.medium': 'English',
  'educationalDetails.board': 'CBSE',
  'educationalDetails.kbeCategory': 'Sec',
  'educationalDetails.kbeStageParticipated': 'Mains',
  'educationalDetails.fees': '300',
  language: 'en',
  photo: 'aarav-patil-photo.jpg',
  signature: 'aarav-patil-signature.jpg',
};

/** The template CSV: the header and the example row (a BOM first, for spreadsheets). */
export function importTemplateCsv(): string {
  return `\uFEFF${csvLine(PORTAL_IMPORT_COLUMNS)}${csvLine(PORTAL_IMPORT_COLUMNS.map((column) => IMPORT_TEMPLATE_EXAMPLE[column]))}`;
}
