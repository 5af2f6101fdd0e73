export * from './EboardScheduleEditor.tsx';
export * from './EboardPreview.tsx';
