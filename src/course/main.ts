import 'katex/dist/katex.min.css';
import '../ui/styles.css';
import { CourseApp } from './course-app.ts';

new CourseApp(document.getElementById('app')!);
