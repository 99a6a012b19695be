<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AnalysisRunner</name>
    <message>
        <source>Cancelled: the numeric verdict and x.grad stay; the symbolic Jacobian was not computed.</source>
        <translation>已取消：数值结论和 x.grad 保留；符号雅可比矩阵没有计算。</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>The program&apos;s calls changed: the first is analysed again.</source>
        <translation>程序的求导调用变了：重新分析第一次。</translation>
    </message>
    <message>
        <source>The call chosen could not be analysed ({0}); the first is analysed instead.</source>
        <translation>无法分析所选的调用（{0}）；改为分析第一次。</translation>
    </message>
    <message>
        <source>This program has no tensor named {0}: the tensor it differentiates is analysed instead.</source>
        <translation>这个程序里没有名为 {0} 的张量：现在分析的是程序求导的那个张量。</translation>
    </message>
    <message>
        <source>v no longer fits the output, whose shape is {0} now: it is back to its default.</source>
        <translation>v 与输出的形状不再相符（输出现在的形状是 {0}）：v 已恢复为默认值。</translation>
    </message>
    <message>
        <source>Numeric verdict in {0:.0f} ms; the symbolic Jacobian is being computed…</source>
        <translation>数值结论用时 {0:.0f} 毫秒；正在计算符号雅可比矩阵…</translation>
    </message>
    <message>
        <source>Analysed in {0:.0f} ms</source>
        <translation>分析用时 {0:.0f} 毫秒</translation>
    </message>
    <message>
        <source>The analysis failed inside Backprop Lens; your program is safe in the editor.</source>
        <translation>Backprop Lens 内部分析失败；你的程序仍完好地保留在编辑器中。</translation>
    </message>
    <message>
        <source>Backprop Lens</source>
        <translation>Backprop Lens</translation>
    </message>
    <message>
        <source>The analysis failed inside Backprop Lens. Your program is safe in the editor.</source>
        <translation>Backprop Lens 内部分析失败。你的程序仍完好地保留在编辑器中。</translation>
    </message>
</context>
<context>
    <name>CallPicker</name>
    <message>
        <source>line {0}: {1}</source>
        <translation>第 {0} 行：{1}</translation>
    </message>
    <message>
        <source>line {0}: {1} ×{2}</source>
        <translation>第 {0} 行：{1} ×{2}</translation>
    </message>
    <message>
        <source>{0} more at other lines, not listed</source>
        <translation>其他行还有 {0} 次，未列出</translation>
    </message>
    <message>
        <source>The program differentiates {0} times (backward, autograd.grad): choose the one analysed. A line inside a loop is listed once; choose its iteration beside it.</source>
        <translation>程序求导 {0} 次（backward、autograd.grad）：选择要分析的一次。循环中的一行只列一次；在旁边选择它的迭代。</translation>
    </message>
    <message>
        <source>iteration {0} of {1}</source>
        <translation>第 {0} 次迭代，共 {1} 次</translation>
    </message>
    <message>
        <source>&amp;Call:</source>
        <translation>调用(&amp;C)：</translation>
    </message>
    <message>
        <source>Call analysed</source>
        <translation>分析的调用</translation>
    </message>
    <message>
        <source>Iteration analysed</source>
        <translation>分析的迭代</translation>
    </message>
    <message>
        <source>Which iteration of this line is analysed, at its own values: type a number and press Enter, or use the arrow keys</source>
        <translation>分析这一行的哪一次迭代（用那一次的数值）：输入数字后按回车，或用方向键</translation>
    </message>
</context>
<context>
    <name>CodeEditor</name>
    <message>
        <source>Program editor</source>
        <translation>程序编辑器</translation>
    </message>
    <message>
        <source>Line {line}: {message}</source>
        <translation>第 {line} 行：{message}</translation>
    </message>
</context>
<context>
    <name>ConsoleView</name>
    <message>
        <source>Console</source>
        <translation>控制台</translation>
    </message>
    <message>
        <source>What the program prints appears here.</source>
        <translation>程序打印的内容会显示在这里。</translation>
    </message>
    <message>
        <source>line {line}</source>
        <translation>第 {line} 行</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Stopped by a limit</source>
        <translation>因超出限制而停止</translation>
    </message>
    <message>
        <source>Not run: {type}</source>
        <translation>未运行：{type}</translation>
    </message>
    <message>
        <source>line {line}, column {col}</source>
        <translation>第 {line} 行，第 {col} 列</translation>
    </message>
    <message>
        <source>It happened inside a function, at {line}.</source>
        <translation>错误发生在函数内部的{line}。</translation>
    </message>
    <message>
        <source>Usual fix:</source>
        <translation>通常的解决办法：</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>The program printed nothing.</source>
        <translation>程序没有打印任何内容。</translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <source>Change limits...</source>
        <translation>更改限制...</translation>
    </message>
    <message>
        <source>Settings ▸ Limits: raise the limit that stopped the run</source>
        <translation>设置 ▸ 限制：提高使运行停下的那项限制</translation>
    </message>
    <message>
        <source>About Backprop Lens</source>
        <translation>关于 Backprop Lens</translation>
    </message>
    <message>
        <source>(not installed)</source>
        <translation>（未安装）</translation>
    </message>
    <message>
        <source>See what PyTorch&apos;s backward() computes: the Jacobian of the output, vᵀJ, the backward result and the chain rule, node by node.</source>
        <translation>看清 PyTorch 的 backward() 到底算了什么：输出的雅可比矩阵、vᵀJ、backward 的结果，以及逐个节点的链式法则。</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>E&amp;xport</source>
        <translation>导出(&amp;X)</translation>
    </message>
    <message>
        <source>&amp;Report (HTML)...</source>
        <translation>报告 (HTML)(&amp;R)...</translation>
    </message>
    <message>
        <source>One self-contained HTML file: the program, J, vᵀJ beside backward, the verdict, the graph and the backward steps</source>
        <translation>一个独立的 HTML 文件：程序、J、与 backward 并排的 vᵀJ、结论、计算图以及反向传播的每一步</translation>
    </message>
    <message>
        <source>J, vᵀJ and backward as &amp;LaTeX...</source>
        <translation>J、vᵀJ 和 backward 导出为 &amp;LaTeX...</translation>
    </message>
    <message>
        <source>A LaTeX document with the matrices, ready for slides or notes</source>
        <translation>包含这些矩阵的 LaTeX 文档，可直接用于幻灯片或笔记</translation>
    </message>
    <message>
        <source>Plain &amp;PyTorch script...</source>
        <translation>纯 &amp;PyTorch 脚本...</translation>
    </message>
    <message>
        <source>The forward with the program&apos;s numbers and backward, as a script real PyTorch runs to print the same grads</source>
        <translation>用程序中的数值做前向计算再做 backward 的脚本，用真正的 PyTorch 运行会打印出相同的梯度</translation>
    </message>
    <message>
        <source>Graph as &amp;SVG...</source>
        <translation>计算图导出为 &amp;SVG...</translation>
    </message>
    <message>
        <source>The computational graph as a vector picture</source>
        <translation>计算图的矢量图</translation>
    </message>
    <message>
        <source>Graph as P&amp;NG...</source>
        <translation>计算图导出为 P&amp;NG...</translation>
    </message>
    <message>
        <source>The computational graph as it is shown, at twice the size</source>
        <translation>按当前显示的样子导出计算图，尺寸放大一倍</translation>
    </message>
    <message>
        <source>There is nothing to export yet: run the program (Ctrl+Enter) and wait for its analysis.</source>
        <translation>还没有可以导出的内容：请先运行程序（Ctrl+Enter），等它分析完成。</translation>
    </message>
    <message>
        <source>There is nothing to export yet: the analysis shown has no symbolic Jacobian and no graph yet. Wait for it to finish (or run the program again if it was cancelled).</source>
        <translation>还没有可以导出的内容：当前显示的分析还没有符号雅可比矩阵和计算图。请等待分析完成（如果已取消，请重新运行程序）。</translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation>HTML 报告 (*.html)</translation>
    </message>
    <message>
        <source>LaTeX (*.tex)</source>
        <translation>LaTeX (*.tex)</translation>
    </message>
    <message>
        <source>Python (*.py)</source>
        <translation>Python (*.py)</translation>
    </message>
    <message>
        <source>SVG picture (*.svg)</source>
        <translation>SVG 图片 (*.svg)</translation>
    </message>
    <message>
        <source>PNG picture (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Exporting to {0}...</source>
        <translation>正在导出到 {0}...</translation>
    </message>
    <message>
        <source>Could not export: {0}</source>
        <translation>导出失败：{0}</translation>
    </message>
    <message>
        <source>Could not export to {0}: the export failed inside Backprop Lens.</source>
        <translation>无法导出到 {0}：导出在 Backprop Lens 内部失败。</translation>
    </message>
    <message>
        <source>Could not export to {0}: {1}</source>
        <translation>无法导出到 {0}：{1}</translation>
    </message>
    <message>
        <source>Cannot write {0}: {1}</source>
        <translation>无法写入 {0}：{1}</translation>
    </message>
    <message>
        <source>There is no graph to export: the output has no grad_fn.</source>
        <translation>没有可以导出的计算图：输出没有 grad_fn。</translation>
    </message>
    <message>
        <source>Exported to {0}</source>
        <translation>已导出到 {0}</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <source>Backprop Lens</source>
        <translation>Backprop Lens</translation>
    </message>
    <message>
        <source>Save changes to {0}?</source>
        <translation>保存对 {0} 的修改吗？</translation>
    </message>
    <message>
        <source>Your changes will be lost if you don&apos;t save them.</source>
        <translation>如果不保存，你的修改将会丢失。</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Workspaces and programs (*{0} *.py);;Workspaces (*{0});;Python programs (*.py);;All files (*)</source>
        <translation>工作区和程序 (*{0} *.py);;工作区 (*{0});;Python 程序 (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Opened {0}</source>
        <translation>已打开 {0}</translation>
    </message>
    <message>
        <source>Part of {0} was not valid and was left out: {1}. The rest, the program above all, is as it was.</source>
        <translation>{0} 的一部分无效，已略去：{1}。其余部分（尤其是程序）保持原样。</translation>
    </message>
    <message>
        <source>Open Recent</source>
        <translation>最近打开</translation>
    </message>
    <message>
        <source>{0} is no longer there, so it was removed from the recent files.</source>
        <translation>{0} 已不存在，已从最近打开的文件中移除。</translation>
    </message>
    <message>
        <source>(no recent files)</source>
        <translation>（没有最近打开的文件）</translation>
    </message>
    <message>
        <source>&amp;Clear the list</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
        <source>Save workspace</source>
        <translation>保存工作区</translation>
    </message>
    <message>
        <source>Workspaces (*{0})</source>
        <translation>工作区 (*{0})</translation>
    </message>
    <message>
        <source>{0} already exists. Replace it?</source>
        <translation>{0} 已存在。要替换它吗？</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Saved {0}</source>
        <translation>已保存 {0}</translation>
    </message>
    <message>
        <source>Save program</source>
        <translation>保存程序</translation>
    </message>
    <message>
        <source>Python programs (*.py)</source>
        <translation>Python 程序 (*.py)</translation>
    </message>
    <message>
        <source>Recovered work</source>
        <translation>恢复的工作</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
</context>
<context>
    <name>GraphItems</name>
    <message>
        <source>{0}: {1} nodes</source>
        <translation>{0}：{1} 个节点</translation>
    </message>
    <message>
        <source>+{0} nodes</source>
        <translation>+{0} 个节点</translation>
    </message>
    <message>
        <source>{0} · call {1}</source>
        <translation>{0} · 第 {1} 次调用</translation>
    </message>
    <message>
        <source>leaf</source>
        <translation>叶子</translation>
    </message>
    <message>
        <source>double-click to expand</source>
        <translation>双击展开</translation>
    </message>
    <message>
        <source>{0} nodes</source>
        <translation>{0} 个节点</translation>
    </message>
    <message>
        <source>The nodes of this module call, collapsed into one. Double-click to expand it.</source>
        <translation>这次模块调用的节点，已收起为一个。双击展开。</translation>
    </message>
    <message>
        <source>{0} calls of {1} folded into one ({2} nodes: {3} each): the graph has more nodes than it can show readably</source>
        <translation>{1} 的 {0} 次调用折叠为一个节点（共 {2} 个节点，每次：{3}）：图的节点太多，无法清楚地全部显示</translation>
    </message>
    <message>
        <source>{0} nodes folded into one: the graph has more nodes than it can show readably</source>
        <translation>{0} 个节点折叠成一个：计算图的节点太多，无法清晰地全部显示</translation>
    </message>
    <message>
        <source>name: {0}</source>
        <translation>名称：{0}</translation>
    </message>
    <message>
        <source>parameter: {0}</source>
        <translation>参数：{0}</translation>
    </message>
    <message>
        <source>scalar</source>
        <translation>标量</translation>
    </message>
    <message>
        <source>shape: {0}</source>
        <translation>形状：{0}</translation>
    </message>
    <message>
        <source>value: {0}</source>
        <translation>值：{0}</translation>
    </message>
    <message>
        <source>The nodes this module call made. Double-click to collapse it into one node.</source>
        <translation>这次模块调用产生的节点。双击收起为一个节点。</translation>
    </message>
    <message>
        <source>grad: {0}</source>
        <translation>梯度：{0}</translation>
    </message>
    <message>
        <source>.grad = {0}</source>
        <translation>.grad = {0}</translation>
    </message>
    <message>
        <source>gradient sent: {0}</source>
        <translation>传出的梯度：{0}</translation>
    </message>
    <message>
        <source>Double-click to show its nodes.</source>
        <translation>双击显示其中的节点。</translation>
    </message>
    <message>
        <source>Double-click to show every node.</source>
        <translation>双击显示所有节点。</translation>
    </message>
    <message>
        <source>Double-click to fold these nodes again.</source>
        <translation>双击把这些节点重新折叠。</translation>
    </message>
    <message>
        <source>Double-click to fold the graph again.</source>
        <translation>双击重新折叠计算图。</translation>
    </message>
</context>
<context>
    <name>GraphScene</name>
    <message>
        <source>No graph: the output has no grad_fn.</source>
        <translation>没有计算图：输出没有 grad_fn。</translation>
    </message>
</context>
<context>
    <name>GraphView</name>
    <message>
        <source>Computational graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>The fold could not be opened.</source>
        <translation>无法展开这个折叠节点。</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>Lan&amp;guage</source>
        <translation>语言(&amp;G)</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>跟随系统</translation>
    </message>
</context>
<context>
    <name>LeafBlock</name>
    <message>
        <source>Leaf {leaf}, shape {shape}</source>
        <translation>叶子张量 {leaf}，形状 {shape}</translation>
    </message>
    <message>
        <source>Symbolic: J and vᵀJ</source>
        <translation>符号计算：J 与 vᵀJ</translation>
    </message>
    <message>
        <source>J = ∂ vec({output}) / ∂ vec({leaf}): one row per element of {output}, one column per element of {leaf}. Symbolically:</source>
        <translation>J = ∂ vec({output}) / ∂ vec({leaf})：{output} 的每个元素对应一行，{leaf} 的每个元素对应一列。符号形式：</translation>
    </message>
    <message>
        <source>J = ∂ vec(output) / ∂ vec({leaf}), for {output}. Symbolically:</source>
        <translation>J = ∂ vec(output) / ∂ vec({leaf})，这里的输出是 {output}。符号形式：</translation>
    </message>
    <message>
        <source>(too large to typeset; the values follow)</source>
        <translation>（太大，无法排版成公式；下面是数值）</translation>
    </message>
    <message>
        <source>Click an entry to see the chain-rule paths that add up to it.</source>
        <translation>点击一个元素，查看累加成它的各条链式法则路径。</translation>
    </message>
    <message>
        <source>J at the program&apos;s values:</source>
        <translation>J 在程序取值处的数值：</translation>
    </message>
    <message>
        <source>vᵀJ, arranged like {leaf}:</source>
        <translation>vᵀJ，按 {leaf} 的形状排列：</translation>
    </message>
    <message>
        <source>vᵀJ:</source>
        <translation>vᵀJ：</translation>
    </message>
    <message>
        <source>comes with J</source>
        <translation>随 J 一起给出</translation>
    </message>
    <message>
        <source>none without J</source>
        <translation>没有 J 就没有</translation>
    </message>
    <message>
        <source>none without v</source>
        <translation>没有 v，无法计算</translation>
    </message>
    <message>
        <source>Backward: {leaf}.grad</source>
        <translation>反向传播：{leaf}.grad</translation>
    </message>
    <message>
        <source>The engine&apos;s own reverse pass, node by node, as PyTorch runs it: it never builds J.</source>
        <translation>引擎自己的反向传播，像 PyTorch 一样逐个节点执行：它从不构造 J。</translation>
    </message>
    <message>
        <source>{leaf}.grad after {output}.backward(v):</source>
        <translation>{output}.backward(v) 之后的 {leaf}.grad：</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>The engine&apos;s backward raised an error, as PyTorch&apos;s does; there is no {leaf}.grad to compare.</source>
        <translation>引擎的 backward 报错了（PyTorch 也会报同样的错误），没有可以比较的 {leaf}.grad。</translation>
    </message>
    <message>
        <source>No v: for an output with more than one element PyTorch&apos;s backward() stops with “grad can be implicitly created only for scalar outputs”. Choose v (for example all ones) to see vᵀJ and {leaf}.grad.</source>
        <translation>没有 v：输出有多个元素时，PyTorch 的 backward() 会报错“grad can be implicitly created only for scalar outputs”。选择一个 v（例如全 1），即可查看 vᵀJ 和 {leaf}.grad。</translation>
    </message>
    <message>
        <source>{leaf}.grad:</source>
        <translation>{leaf}.grad：</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>vᵀJ and {leaf}.grad, entry by entry</source>
        <translation>vᵀJ 与 {leaf}.grad 逐元素对比</translation>
    </message>
    <message>
        <source>1 entry of vᵀJ and {leaf}.grad differs (marked).</source>
        <translation>vᵀJ 与 {leaf}.grad 有 1 个元素不同（已标出）。</translation>
    </message>
    <message>
        <source>{n} entries of vᵀJ and {leaf}.grad differ (marked).</source>
        <translation>vᵀJ 与 {leaf}.grad 有 {n} 个元素不同（已标出）。</translation>
    </message>
    <message>
        <source>Second derivatives (the program uses create_graph=True): d²(v·output)/d{leaf}², symbolic and from the engine&apos;s backward of its backward, agree (largest difference {diff}).</source>
        <translation>二阶导数（程序使用了 create_graph=True）：d²(v·output)/d{leaf}² 的符号结果与引擎“对反向传播再做一次反向传播”的结果一致（最大差值 {diff}）。</translation>
    </message>
    <message>
        <source>Second derivatives (the program uses create_graph=True): d²(v·output)/d{leaf}², symbolic and from the engine&apos;s backward of its backward, differ (largest difference {diff}).</source>
        <translation>二阶导数（程序使用了 create_graph=True）：d²(v·output)/d{leaf}² 的符号结果与引擎“对反向传播再做一次反向传播”的结果不一致（最大差值 {diff}）。</translation>
    </message>
    <message>
        <source>symbolic</source>
        <translation>符号</translation>
    </message>
    <message>
        <source>engine</source>
        <translation>引擎</translation>
    </message>
</context>
<context>
    <name>LessonBrowser</name>
    <message>
        <source>Choose a lesson to read what it shows.</source>
        <translation>选择一课，阅读它演示的内容。</translation>
    </message>
    <message>
        <source>Look at:</source>
        <translation>请看：</translation>
    </message>
    <message>
        <source>Open lesson</source>
        <translation>打开课程</translation>
    </message>
    <message>
        <source>Put this lesson&apos;s program in the editor and run it</source>
        <translation>把这一课的程序放进编辑器并运行</translation>
    </message>
    <message>
        <source>Double-click or Enter also opens it.</source>
        <translation>双击或按 Enter 也可以打开。</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Lesson explanation</source>
        <translation>课程讲解</translation>
    </message>
</context>
<context>
    <name>LessonsDock</name>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
</context>
<context>
    <name>LimitsEditor</name>
    <message>
        <source>A program that goes past one of these limits is stopped at its line with a LimitExceeded error. They apply to every run in the app; the command line has the same limits as its options.</source>
        <translation>程序超过其中任一限制时，会在该行停下并报 LimitExceeded 错误。这些限制适用于应用中的每次运行；命令行有同样的限制，作为它的选项。</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>限制</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认值</translation>
    </message>
    <message>
        <source>Command line</source>
        <translation>命令行</translation>
    </message>
    <message>
        <source>From {0} to {1}</source>
        <translation>从 {0} 到 {1}</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Backprop Lens</source>
        <translation>Backprop Lens</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>The tensor whose Jacobian is shown</source>
        <translation>显示其雅可比矩阵的张量</translation>
    </message>
    <message>
        <source>Output:</source>
        <translation>输出：</translation>
    </message>
    <message>
        <source>Click an entry of J to see its chain-rule paths: every route from that output element to that leaf element, with the product of the local derivatives along it.</source>
        <translation>点击 J 的一个元素，查看它的链式法则路径：从该输出元素到该叶子元素的每一条路径，以及沿途局部导数的乘积。</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Paths</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>J row by row</source>
        <translation>逐行构造 J</translation>
    </message>
    <message>
        <source>Build J one row at a time: one backward per one-hot v</source>
        <translation>每次构造 J 的一行：每个独热向量 v 做一次 backward</translation>
    </message>
    <message>
        <source>Output and v</source>
        <translation>输出与 v</translation>
    </message>
    <message>
        <source>Show or hide the choice of the output and of v (presenter mode hides them to give the results their room)</source>
        <translation>显示或隐藏输出与 v 的选择（演示模式会隐藏它们，把空间留给结果）</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>打开(&amp;O)...</translation>
    </message>
    <message>
        <source>Open a workspace (.bplens) or a Python program (.py)</source>
        <translation>打开工作区（.bplens）或 Python 程序（.py）</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>另存为(&amp;A)...</translation>
    </message>
    <message>
        <source>Save &amp;program as...</source>
        <translation>程序另存为(&amp;P)...</translation>
    </message>
    <message>
        <source>Write only the program, as a .py file</source>
        <translation>只把程序保存为 .py 文件</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Fit graph</source>
        <translation>计算图适应窗口(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About Backprop Lens</source>
        <translation>关于 Backprop Lens(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Settings...</source>
        <translation>设置(&amp;S)...</translation>
    </message>
    <message>
        <source>Theme, text size, language and the limits of a run</source>
        <translation>主题、字号、语言，以及运行的限制</translation>
    </message>
    <message>
        <source>&amp;Limits...</source>
        <translation>限制(&amp;L)...</translation>
    </message>
    <message>
        <source>The limits of a run: steps, seconds, tensor elements, memory...</source>
        <translation>一次运行的限制：步数、秒数、张量元素、内存……</translation>
    </message>
    <message>
        <source>Show or hide the lesson browser (Ctrl+L)</source>
        <translation>显示或隐藏课程浏览器（Ctrl+L）</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Open the selected lesson</source>
        <translation>打开选中的课程(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Next lesson</source>
        <translation>下一课(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous lesson</source>
        <translation>上一课(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Presenter mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen, large fonts, high contrast; ←/→ step, Esc or F5 leaves (F5)</source>
        <translation>全屏、大字体、高对比度；←/→ 单步，按 Esc 或 F5 退出（F5）</translation>
    </message>
    <message>
        <source>Presenter &amp;text size</source>
        <translation>演示模式字号(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>Run a program that differentiates something first.</source>
        <translation>请先运行一个会求导的程序。</translation>
    </message>
    <message>
        <source>Row by row needs the symbolic Jacobian, which this analysis does not have yet.</source>
        <translation>逐行展示需要符号雅可比矩阵，而这次分析还没有它。</translation>
    </message>
    <message>
        <source>The paths of this entry cannot be listed: the analysis they belong to is not the service&apos;s current one. Click the entry again when the analysis has finished.</source>
        <translation>无法列出这一项的路径：它们所属的分析不是后台服务当前的分析。请在分析完成后再次点击这一项。</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>{0}[*] — Backprop Lens</source>
        <translation>{0}[*] — Backprop Lens</translation>
    </message>
    <message>
        <source>Autosave failed: {0}</source>
        <translation>自动保存失败：{0}</translation>
    </message>
    <message>
        <source>Run the program and analyse it now (Ctrl+Enter); it also runs by itself a moment after each edit</source>
        <translation>立即运行并分析程序（Ctrl+Enter）；每次编辑后稍等片刻，程序也会自动运行</translation>
    </message>
</context>
<context>
    <name>MathLabel</name>
    <message>
        <source>(this formula cannot be shown)</source>
        <translation>（此公式无法显示）</translation>
    </message>
    <message>
        <source>formula loading…</source>
        <translation>公式加载中…</translation>
    </message>
</context>
<context>
    <name>MatrixTable</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
</context>
<context>
    <name>NodeInspector</name>
    <message>
        <source>Step through the backward pass to see what each node receives, computes and sends.</source>
        <translation>单步执行反向传播，查看每个节点接收什么、计算什么、传出什么。</translation>
    </message>
    <message>
        <source>Produces</source>
        <translation>产出</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Gradient arriving</source>
        <translation>传入的梯度</translation>
    </message>
    <message>
        <source>Local derivative</source>
        <translation>局部导数</translation>
    </message>
    <message>
        <source>Saved values used</source>
        <translation>用到的保存值</translation>
    </message>
    <message>
        <source>Gradient sent</source>
        <translation>传出的梯度</translation>
    </message>
    <message>
        <source>The forward implies</source>
        <translation>前向计算给出的梯度</translation>
    </message>
    <message>
        <source>Hooks fired</source>
        <translation>触发的钩子</translation>
    </message>
    <message>
        <source>retain_grad</source>
        <translation>retain_grad</translation>
    </message>
    <message>
        <source>.grad</source>
        <translation>.grad</translation>
    </message>
    <message>
        <source>Saved tensors</source>
        <translation>保存的张量</translation>
    </message>
    <message>
        <source>Node inspector</source>
        <translation>节点检查器</translation>
    </message>
    <message>
        <source>Step {0}: {1}</source>
        <translation>第 {0} 步：{1}</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>（未命名）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>freed after this step (no retain_graph)</source>
        <translation>本步之后释放（没有 retain_graph）</translation>
    </message>
    <message>
        <source>Leaf</source>
        <translation>叶子张量</translation>
    </message>
    <message>
        <source>input {0}</source>
        <translation>输入 {0}</translation>
    </message>
    <message>
        <source>nothing (no input needs a gradient)</source>
        <translation>无（没有输入需要梯度）</translation>
    </message>
    <message>
        <source>the program&apos;s backward sent something else</source>
        <translation>程序的 backward 传出的梯度与此不同</translation>
    </message>
    <message>
        <source>hook</source>
        <translation>钩子</translation>
    </message>
    <message>
        <source>{0}: replaced the gradient</source>
        <translation>{0}：替换了梯度</translation>
    </message>
    <message>
        <source>{0}: returned None (gradient unchanged)</source>
        <translation>{0}：返回 None（梯度不变）</translation>
    </message>
</context>
<context>
    <name>PathsText</name>
    <message>
        <source>via {0}, input {1} of {2}</source>
        <translation>经由 {0}（第 {1} 个输入，共 {2} 个）</translation>
    </message>
    <message>
        <source>via input {0} of {1}</source>
        <translation>经由第 {0} 个输入（共 {1} 个）</translation>
    </message>
    <message>
        <source>∂{0} / ∂{1} = {2:.6g}: the sum over {3} path(s)</source>
        <translation>∂{0} / ∂{1} = {2:.6g}：{3} 条路径之和</translation>
    </message>
    <message>
        <source>{0} is {1}</source>
        <translation>{0} 即 {1}</translation>
    </message>
    <message>
        <source>Subscripts count from 1, as in J: {0} in Python.</source>
        <translation>下标与 J 中一样从 1 开始计数：{0}（Python 写法）。</translation>
    </message>
    <message>
        <source> and </source>
        <translation>，</translation>
    </message>
    <message>
        <source>No path leads from this output element to this leaf element: the entry of J is 0.</source>
        <translation>从这个输出元素到这个叶子元素没有任何路径：J 的这一项为 0。</translation>
    </message>
    <message>
        <source>Click a path to mark it on the graph.</source>
        <translation>点击一条路径，在计算图上标出它。</translation>
    </message>
    <message>
        <source>(more paths than shown)</source>
        <translation>（路径多于此处列出的）</translation>
    </message>
</context>
<context>
    <name>RecoveryBar</name>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Open the unsaved work in this window</source>
        <translation>在这个窗口中打开未保存的工作</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>Delete the unsaved work for good</source>
        <translation>永久删除未保存的工作</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>以后再说</translation>
    </message>
    <message>
        <source>Keep the unsaved work and ask again next time</source>
        <translation>保留未保存的工作，下次再询问</translation>
    </message>
    <message>
        <source>Backprop Lens did not close normally last time, and a file of unsaved work it kept cannot be read: {0} Discard it, or keep it for now?</source>
        <translation>Backprop Lens 上次没有正常关闭，它保存的未保存工作文件无法读取：{0} 丢弃它，还是暂时保留？</translation>
    </message>
    <message>
        <source>Backprop Lens did not close normally last time. Unsaved work on {0} was kept (when it was saved is not known).</source>
        <translation>Backprop Lens 上次没有正常关闭。{0} 的未保存工作已保留（保存时间未知）。</translation>
    </message>
    <message>
        <source>Backprop Lens did not close normally last time. Unsaved work on {0} from {1} was kept.</source>
        <translation>Backprop Lens 上次没有正常关闭。已保留 {1} 时对 {0} 未保存的工作。</translation>
    </message>
    <message>
        <source>({0} more after this one.)</source>
        <translation>（之后还有 {0} 个。）</translation>
    </message>
</context>
<context>
    <name>ResultsDisplay</name>
    <message>
        <source>Backprop Lens note</source>
        <translation>Backprop Lens 提示</translation>
    </message>
    <message>
        <source>What the program printed comes from its own backward, with its own v; J, vᵀJ and x.grad here use the v chosen above.</source>
        <translation>程序打印的内容来自它自己的 backward，用的是它自己的 v；这里的 J、vᵀJ 和 x.grad 用的是上面选的 v。</translation>
    </message>
    <message>
        <source>The backward graph and its step-through come with the full result, once the symbolic Jacobian is done.</source>
        <translation>反向计算图及其逐步演示会随完整结果一起给出，即符号雅可比矩阵算完之后。</translation>
    </message>
    <message>
        <source>No graph: the analysis was cancelled before the graph was drawn. Run the program again (Ctrl+Enter) to see it.</source>
        <translation>没有计算图：分析在绘制计算图之前被取消了。重新运行程序（Ctrl+Enter）即可看到。</translation>
    </message>
    <message>
        <source>No graph: the analysis stopped before the graph was drawn.</source>
        <translation>没有计算图：分析在绘制计算图之前停止了。</translation>
    </message>
    <message>
        <source>Analysing the program...</source>
        <translation>正在分析程序……</translation>
    </message>
    <message>
        <source>No graph yet: it is drawn once the program has run.</source>
        <translation>还没有计算图：程序运行后才会画出。</translation>
    </message>
    <message>
        <source>No graph: the program was not run ({0} at line {1}).</source>
        <translation>没有计算图：程序没有运行（第 {1} 行有 {0}）。</translation>
    </message>
    <message>
        <source>No graph: the program was not run ({0}).</source>
        <translation>没有计算图：程序没有运行（{0}）。</translation>
    </message>
    <message>
        <source>No graph: the program stopped with an error at line {0}.</source>
        <translation>没有计算图：程序在第 {0} 行出错停止了。</translation>
    </message>
    <message>
        <source>No graph: the program stopped with an error.</source>
        <translation>没有计算图：程序出错停止了。</translation>
    </message>
    <message>
        <source>No graph: there is no analysis for this run (the results say why).</source>
        <translation>没有计算图：本次运行没有分析结果（原因见结果面板）。</translation>
    </message>
    <message>
        <source>(the tensor the program differentiates)</source>
        <translation>（程序求导的那个张量）</translation>
    </message>
</context>
<context>
    <name>RowByRowPanel</name>
    <message>
        <source>J row by row</source>
        <translation>逐行构造 J</translation>
    </message>
    <message>
        <source>Next row</source>
        <translation>下一行</translation>
    </message>
    <message>
        <source>All rows</source>
        <translation>所有行</translation>
    </message>
    <message>
        <source>Start again</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <source>Leaf:</source>
        <translation>叶子张量：</translation>
    </message>
    <message>
        <source>Each row of J is one backward pass: {0}.backward(v) with v = eᵢ (a 1 at element i, 0 elsewhere) leaves row i of J in .grad, as the tutorials do by hand with x.grad.zero_() between passes.</source>
        <translation>J 的每一行就是一次反向传播：{0}.backward(v) 取 v = eᵢ（第 i 个元素为 1，其余为 0），就在 .grad 中留下 J 的第 i 行；教程里手工做的正是这样，每两次之间用 x.grad.zero_() 清零。</translation>
    </message>
    <message>
        <source>Press Next row to run the first backward.</source>
        <translation>按“下一行”运行第一次 backward。</translation>
    </message>
    <message>
        <source>Running {0}.backward(e{1})...</source>
        <translation>正在运行 {0}.backward(e{1})...</translation>
    </message>
    <message>
        <source>This row could not be computed: {0}</source>
        <translation>无法计算这一行：{0}</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>{0}.backward(e{1}) gave {2}.grad = {3}: row {1} of J, the derivatives of {4}.</source>
        <translation>{0}.backward(e{1}) 得到 {2}.grad = {3}：这就是 J 的第 {1} 行，即 {4} 的各个偏导数。</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>限制</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <source>Te&amp;xt size:</source>
        <translation>字号(&amp;X)：</translation>
    </message>
    <message>
        <source>&amp;Presenter text size:</source>
        <translation>演示模式字号(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>The size of all text outside presenter mode: the program, the results, the graph and the menus</source>
        <translation>演示模式以外所有文字的大小：程序、结果、计算图和菜单</translation>
    </message>
    <message>
        <source>How large text is in presenter mode (F5), on a screen 1080 pixels high; smaller on a smaller one</source>
        <translation>演示模式（F5）下文字的大小，以 1080 像素高的屏幕为准；屏幕更小时相应缩小</translation>
    </message>
    <message>
        <source>These apply at once. Cancel puts them back as they were; the limits are kept on OK.</source>
        <translation>这些设置立即生效。点“取消”会恢复原样；限制在点“确定”后才保存。</translation>
    </message>
    <message>
        <source>Every setting on both pages back at its default (Cancel undoes it)</source>
        <translation>把两页上的每项设置都恢复为默认值（点“取消”可撤销）</translation>
    </message>
    <message>
        <source>{0} (normal)</source>
        <translation>{0}（正常）</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Zoom the graph in / out</source>
        <translation>放大 / 缩小计算图</translation>
    </message>
    <message>
        <source>Presenter mode: next / previous step (a clicker&apos;s buttons)</source>
        <translation>演示模式：下一步 / 上一步（翻页笔的按键）</translation>
    </message>
    <message>
        <source>Leave presenter mode</source>
        <translation>退出演示模式</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>SideBySidePanel</name>
    <message>
        <source>No analysis for this run: {note}</source>
        <translation>本次运行没有分析结果：{note}</translation>
    </message>
    <message>
        <source>not computed</source>
        <translation>未计算</translation>
    </message>
    <message>
        <source>Not computed: the symbolic Jacobian did not fit its budget. Click to compute this entry.</source>
        <translation>未计算：符号雅可比矩阵超出了预算。点击以计算这个元素。</translation>
    </message>
    <message>
        <source>Click an entry to see its chain-rule paths; an entry not computed is computed symbolically when clicked.</source>
        <translation>点击一个元素查看它的链式法则路径；未计算的元素在点击时以符号方式计算。</translation>
    </message>
    <message>
        <source>Click a row&apos;s name to compute the whole row symbolically.</source>
        <translation>点击一行的名称，以符号方式计算整行。</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>over budget</source>
        <translation>超出预算</translation>
    </message>
    <message>
        <source>Analysing the program: its Jacobian J, vᵀJ and the engine&apos;s backward will appear here side by side.</source>
        <translation>正在分析程序：它的雅可比矩阵 J、vᵀJ 和引擎的 backward 结果将并排显示在这里。</translation>
    </message>
    <message>
        <source>No analysis yet. Run a program: its Jacobian J, vᵀJ and the engine&apos;s backward appear here side by side.</source>
        <translation>还没有分析结果。运行一个程序后，它的雅可比矩阵 J、vᵀJ 和引擎的 backward 结果会并排显示在这里。</translation>
    </message>
    <message>
        <source>the program was not run: {type} at line {line}. There is nothing to analyse until it runs.</source>
        <translation>程序没有运行：第 {line} 行有 {type}。程序能运行之前，没有可分析的内容。</translation>
    </message>
    <message>
        <source>the program was not run: {type}. There is nothing to analyse until it runs.</source>
        <translation>程序没有运行：{type}。程序能运行之前，没有可分析的内容。</translation>
    </message>
    <message>
        <source>the program stopped with an error at line {line} ({type}). There is nothing to analyse until it runs.</source>
        <translation>程序在第 {line} 行出错停止了（{type}）。程序能运行之前，没有可分析的内容。</translation>
    </message>
    <message>
        <source>the program stopped with an error ({type}). There is nothing to analyse until it runs.</source>
        <translation>程序出错停止了（{type}）。程序能运行之前，没有可分析的内容。</translation>
    </message>
    <message>
        <source>v is the gradient the program passes to backward().</source>
        <translation>v 是程序传给 backward() 的梯度。</translation>
    </message>
    <message>
        <source>v is the one chosen in the v editor.</source>
        <translation>v 是在 v 编辑器中选定的。</translation>
    </message>
    <message>
        <source>v = 1, implicitly: {output} has one element, so backward() needs no argument.</source>
        <translation>隐式地取 v = 1：{output} 只有一个元素，所以 backward() 不需要参数。</translation>
    </message>
    <message>
        <source>There is no v yet.</source>
        <translation>还没有 v。</translation>
    </message>
    <message>
        <source>Output {output}, shape {shape}, differentiated on line {line}. {v}</source>
        <translation>输出 {output}，形状 {shape}，在第 {line} 行求导。{v}</translation>
    </message>
    <message>
        <source>Output {output}, shape {shape}. {v}</source>
        <translation>输出 {output}，形状 {shape}。{v}</translation>
    </message>
    <message>
        <source>v, flattened: one weight per row of J (vᵀJ adds up the rows of J with these weights):</source>
        <translation>展平后的 v：J 的每一行对应一个权重（vᵀJ 就是用这些权重把 J 的各行加起来）：</translation>
    </message>
    <message>
        <source>✗ No comparison: the engine&apos;s backward raised {type}: {message}</source>
        <translation>✗ 无法比较：引擎的 backward 抛出了 {type}：{message}</translation>
    </message>
    <message>
        <source>No numeric verdict: no numeric witness could run (see the notes).</source>
        <translation>没有数值结论：没有数值见证能够运行（见注释）。</translation>
    </message>
    <message>
        <source>No verdict: the symbolic Jacobian did not fit its budget and no numeric witness could run (see the notes).</source>
        <translation>没有结论：符号雅可比矩阵超出了预算，也没有数值见证能够运行（见注释）。</translation>
    </message>
    <message>
        <source>✓ Agree, numerically: the engine&apos;s backward agrees with {witnesses}. Largest difference: {diff}</source>
        <translation>✓ 数值上一致：引擎的反向传播与{witnesses}一致。最大差值：{diff}</translation>
    </message>
    <message>
        <source>✓ Agree, numerically. Largest difference: {diff}</source>
        <translation>✓ 数值上一致。最大差值：{diff}</translation>
    </message>
    <message>
        <source>✗ Disagree: the engine&apos;s backward differs from {witnesses}. Largest difference: {diff}</source>
        <translation>✗ 不一致：引擎的反向传播与{witnesses}不同。最大差值：{diff}</translation>
    </message>
    <message>
        <source>✗ Disagree, numerically. Largest difference: {diff}</source>
        <translation>✗ 数值上不一致。最大差值：{diff}</translation>
    </message>
    <message>
        <source>No verdict yet: {output} is not a scalar, so backward() needs v. Choose v to compare vᵀJ with the engine&apos;s backward.</source>
        <translation>尚无结论：{output} 不是标量，所以 backward() 需要 v。选择 v 后即可把 vᵀJ 与引擎的 backward 进行比较。</translation>
    </message>
    <message>
        <source>✓ Agree: vᵀJ from the symbolic Jacobian equals the engine&apos;s backward, entry by entry. Largest difference: {diff}</source>
        <translation>✓ 一致：由符号雅可比矩阵算出的 vᵀJ 与引擎的 backward 逐元素相等。最大差值：{diff}</translation>
    </message>
    <message>
        <source>✗ Disagree: vᵀJ from the symbolic Jacobian and the engine&apos;s backward differ. Largest difference: {diff}</source>
        <translation>✗ 不一致：由符号雅可比矩阵算出的 vᵀJ 与引擎的 backward 不同。最大差值：{diff}</translation>
    </message>
    <message>
        <source>engine&apos;s x.grad</source>
        <translation>引擎的 x.grad</translation>
    </message>
    <message>
        <source>float64 difference</source>
        <translation>float64 差分</translation>
    </message>
    <message>
        <source>Leaves too large for symbols ({leaves}): entries of their gradients, the engine&apos;s beside float64 central differences of the program</source>
        <translation>对符号计算而言过大的叶子（{leaves}）：其梯度的若干元素，引擎的值与程序的 float64 中心差分并列</translation>
    </message>
    <message>
        <source>Checked entries of the gradients ({leaves}): the engine&apos;s beside float64 central differences of the program</source>
        <translation>梯度中被核对的元素（{leaves}）：引擎的值与程序的 float64 中心差分并列</translation>
    </message>
    <message>
        <source>Third witness: float64 central differences of the program agree with J (largest difference {diff}).</source>
        <translation>第三重验证：对程序做 float64 中心差分，结果与 J 一致（最大差值 {diff}）。</translation>
    </message>
    <message>
        <source>Third witness: float64 central differences of the program differ from J (largest difference {diff}).</source>
        <translation>第三重验证：对程序做 float64 中心差分，结果与 J 不同（最大差值 {diff}）。</translation>
    </message>
    <message>
        <source>Fourth witness: real PyTorch {version}, replaying the same forward, gives the same gradients (largest difference {diff}).</source>
        <translation>第四重验证：用真正的 PyTorch {version} 重放同样的前向计算，得到的梯度相同（最大差值 {diff}）。</translation>
    </message>
    <message>
        <source>Fourth witness: real PyTorch {version} gives different results (see the notes).</source>
        <translation>第四重验证：真正的 PyTorch {version} 给出的结果不同（见说明）。</translation>
    </message>
    <message>
        <source>Fourth witness: real PyTorch {version} was not compared (see the notes).</source>
        <translation>第四重验证：没有与真正的 PyTorch {version} 进行比较（见说明）。</translation>
    </message>
    <message>
        <source>Engine error: {type}: {message}</source>
        <translation>引擎错误：{type}：{message}</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>说明：</translation>
    </message>
</context>
<context>
    <name>StepperBar</name>
    <message>
        <source>First step</source>
        <translation>第一步</translation>
    </message>
    <message>
        <source>Previous step</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Last step</source>
        <translation>最后一步</translation>
    </message>
    <message>
        <source>{0}×</source>
        <translation>{0}×</translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation>播放速度</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Pause (Space)</source>
        <translation>暂停 (Space)</translation>
    </message>
    <message>
        <source>Play (Space)</source>
        <translation>播放 (Space)</translation>
    </message>
    <message>
        <source>no backward steps</source>
        <translation>没有反向传播步骤</translation>
    </message>
    <message>
        <source>before the first step ({0} steps)</source>
        <translation>第一步之前（共 {0} 步）</translation>
    </message>
    <message>
        <source>step {0} of {1}: {2}</source>
        <translation>第 {0}/{1} 步：{2}</translation>
    </message>
    <message>
        <source>step {0} of {1}</source>
        <translation>第 {0}/{1} 步</translation>
    </message>
</context>
<context>
    <name>Summary</name>
    <message>
        <source>scalar</source>
        <translation>标量</translation>
    </message>
    <message>
        <source>shape {0}, {1} elements (too many to keep in full)</source>
        <translation>形状 {0}，共 {1} 个元素（太多，未完整保留）</translation>
    </message>
    <message>
        <source>min {0}, max {1}, mean {2}</source>
        <translation>最小值 {0}，最大值 {1}，平均值 {2}</translation>
    </message>
    <message>
        <source>first values: {0}</source>
        <translation>前几个值：{0}</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <source>Follow the &amp;system</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
</context>
<context>
    <name>VEditor</name>
    <message>
        <source>All ones</source>
        <translation>全 1</translation>
    </message>
    <message>
        <source>v = 1 everywhere: vᵀJ adds up all rows of J.</source>
        <translation>v 处处为 1：vᵀJ 把 J 的所有行加起来。</translation>
    </message>
    <message>
        <source>One-hot</source>
        <translation>独热</translation>
    </message>
    <message>
        <source>1 at one output element, 0 elsewhere: vᵀJ is that row of J.</source>
        <translation>在一个输出元素处为 1，其余为 0：vᵀJ 就是 J 的那一行。</translation>
    </message>
    <message>
        <source>Random integers</source>
        <translation>随机整数</translation>
    </message>
    <message>
        <source>Small random integers from {low} to {high}; each click gives a new, repeatable choice.</source>
        <translation>{low} 到 {high} 之间的小随机整数；每次点击都给出一组新的、可复现的取值。</translation>
    </message>
    <message>
        <source>From the program</source>
        <translation>取自程序</translation>
    </message>
    <message>
        <source>The v the program passes to backward().</source>
        <translation>程序传给 backward() 的 v。</translation>
    </message>
    <message>
        <source>v (the gradient passed to {name}.backward), shaped like {name}: {shape}</source>
        <translation>v（传给 {name}.backward 的梯度），形状与 {name} 相同：{shape}</translation>
    </message>
    <message>
        <source>{name} has {dims} dimensions, shown flattened: each row is one index (i, j, …) of the leading dimensions, each column an index of the last one.</source>
        <translation>{name} 有 {dims} 个维度，这里展平显示：每一行对应前面各维的一个下标 (i, j, …)，每一列对应最后一维的一个下标。</translation>
    </message>
    <message>
        <source>The entry for {name}, “{text}”, is not a finite number. Type a number such as 1, -0.5 or 2e-3.</source>
        <translation>{name} 处输入的“{text}”不是有限的数字。请输入一个数字，例如 1、-0.5 或 2e-3。</translation>
    </message>
    <message>
        <source>The entry for {name} is empty. Type a number.</source>
        <translation>{name} 处的输入为空。请输入一个数字。</translation>
    </message>
    <message>
        <source>({n} entries need fixing.)</source>
        <translation>（有 {n} 处输入需要修改。）</translation>
    </message>
</context>
<context>
    <name>Witnesses</name>
    <message>
        <source>the symbolic Jacobian</source>
        <translation>符号雅可比矩阵</translation>
    </message>
    <message>
        <source>float64 central differences, one per leaf element</source>
        <translation>float64 中心差分（叶子的每个元素一个）</translation>
    </message>
    <message>
        <source>float64 differences along random directions and at sampled entries</source>
        <translation>沿随机方向及在抽样元素处的 float64 差分</translation>
    </message>
    <message>
        <source>real PyTorch</source>
        <translation>真正的 PyTorch</translation>
    </message>
    <message>
        <source>{0} s</source>
        <translation>{0} 秒</translation>
    </message>
    <message>
        <source>{0} elements per tensor</source>
        <translation>每个张量 {0} 个元素</translation>
    </message>
    <message>
        <source>{0} operations</source>
        <translation>{0} 个运算</translation>
    </message>
    <message>
        <source>what was left of the time the verdict should come within</source>
        <translation>给出结论的目标时间中剩下的部分</translation>
    </message>
    <message>
        <source>the symbolic stage&apos;s own time</source>
        <translation>符号计算阶段自己的时间</translation>
    </message>
    <message>
        <source>the whole analysis&apos;s time limit</source>
        <translation>整个分析的时间上限</translation>
    </message>
    <message>
        <source>the time for building the forward&apos;s expressions</source>
        <translation>构建前向表达式的时间</translation>
    </message>
    <message>
        <source>symbols are followed up to this size</source>
        <translation>符号只跟踪到这个规模</translation>
    </message>
    <message>
        <source>symbols are followed for this many operations</source>
        <translation>符号只跟踪这么多个运算</translation>
    </message>
    <message>
        <source>the time for replaying the program for differences</source>
        <translation>为差分重放程序的时间</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>The symbolic Jacobian J is still being computed: J and vᵀJ will appear here when it is done.</source>
        <translation>符号雅可比矩阵 J 仍在计算中：算完后 J 和 vᵀJ 会显示在这里。</translation>
    </message>
    <message>
        <source>The symbolic Jacobian was cancelled: J and vᵀJ were not computed. Run the program again (Ctrl+Enter) to compute them.</source>
        <translation>符号雅可比矩阵已取消：J 和 vᵀJ 没有计算。重新运行程序（Ctrl+Enter）即可计算。</translation>
    </message>
    <message>
        <source>The symbolic Jacobian was not computed: the analysis failed before it was done.</source>
        <translation>符号雅可比矩阵没有计算：分析在它完成之前失败了。</translation>
    </message>
    <message>
        <source>The symbolic Jacobian did not fit its budget ({budget}), so the verdict does not rest on it (see the notes).</source>
        <translation>符号雅可比矩阵超出了预算（{budget}），因此结论不依据它（见注释）。</translation>
    </message>
    <message>
        <source>The symbolic Jacobian did not fit its budget, so the verdict does not rest on it (see the notes).</source>
        <translation>符号雅可比矩阵超出了预算，因此结论不依据它（见注释）。</translation>
    </message>
    <message>
        <source>Did not fit its budget, so not in the verdict: {0}.</source>
        <translation>超出预算、因此未纳入结论的：{0}。</translation>
    </message>
    <message>
        <source>Symbolic Jacobian computing… J and vᵀJ appear here when it is done; x.grad and the numeric verdict are already here.</source>
        <translation>符号雅可比矩阵计算中… 算完后 J 和 vᵀJ 会显示在这里；x.grad 和数值结论已经给出。</translation>
    </message>
    <message>
        <source>Symbolic Jacobian cancelled: J and vᵀJ were not computed (run again to compute them).</source>
        <translation>符号雅可比矩阵已取消：J 和 vᵀJ 没有计算（重新运行即可计算）。</translation>
    </message>
    <message>
        <source>Symbolic Jacobian not computed: the analysis failed before it was done.</source>
        <translation>符号雅可比矩阵没有计算：分析在它完成之前失败了。</translation>
    </message>
    <message>
        <source>The symbolic Jacobian did not fit its budget: no J or vᵀJ for this leaf (the verdict rests on the numeric witnesses).</source>
        <translation>符号雅可比矩阵超出了预算：这个叶子没有 J 和 vᵀJ（结论依据数值见证）。</translation>
    </message>
    <message>
        <source>No symbolic Jacobian for this leaf.</source>
        <translation>这个叶子没有符号雅可比矩阵。</translation>
    </message>
</context>
<context>
    <name>Workspace</name>
    <message>
        <source>The file</source>
        <translation>该文件</translation>
    </message>
    <message>
        <source>{0} is damaged: it is not UTF-8 text.</source>
        <translation>{0} 已损坏：它不是 UTF-8 文本。</translation>
    </message>
    <message>
        <source>{0} is damaged: it is not valid JSON ({1}).</source>
        <translation>{0} 已损坏：它不是有效的 JSON（{1}）。</translation>
    </message>
    <message>
        <source>{0} is not a Backprop Lens workspace.</source>
        <translation>{0} 不是 Backprop Lens 工作区。</translation>
    </message>
    <message>
        <source>a whole number from 1</source>
        <translation>从 1 起的整数</translation>
    </message>
    <message>
        <source>{0} was made by a newer Backprop Lens (version {1}); this one reads version {2}. Update Backprop Lens to open it.</source>
        <translation>{0} 由较新的 Backprop Lens（版本 {1}）创建；当前版本只能读取版本 {2}。请更新 Backprop Lens 后再打开。</translation>
    </message>
    <message>
        <source>{0} is not a valid workspace: &quot;{1}&quot; is missing.</source>
        <translation>{0} 不是有效的工作区：缺少“{1}”。</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>a tensor&apos;s name or null</source>
        <translation>张量名或 null</translation>
    </message>
    <message>
        <source>a number or a nested list of numbers of one shape, or null</source>
        <translation>一个数、形状一致的嵌套数字列表，或 null</translation>
    </message>
    <message>
        <source>a whole number from -1 to {0}</source>
        <translation>从 -1 到 {0} 的整数</translation>
    </message>
    <message>
        <source>&quot;{0}&quot; is missing</source>
        <translation>缺少“{0}”</translation>
    </message>
    <message>
        <source>&quot;{0}&quot; should be {1}</source>
        <translation>“{0}”应为{1}</translation>
    </message>
    <message>
        <source>{0} is not a valid workspace: &quot;{1}&quot; should be {2}.</source>
        <translation>{0} 不是有效的工作区：“{1}”应为{2}。</translation>
    </message>
    <message>
        <source>Cannot open {0}: it is a folder, not a file.</source>
        <translation>无法打开 {0}：它是文件夹，不是文件。</translation>
    </message>
    <message>
        <source>Cannot open {0}: it is not a regular file (it is a pipe, a socket or a device).</source>
        <translation>无法打开 {0}：它不是普通文件（而是管道、套接字或设备）。</translation>
    </message>
    <message>
        <source>{0} is too large to open ({1} MB at most).</source>
        <translation>{0} 太大，无法打开（最多 {1} MB）。</translation>
    </message>
    <message>
        <source>Cannot read {0}: {1}</source>
        <translation>无法读取 {0}：{1}</translation>
    </message>
    <message>
        <source>{0} is not a program: it is not UTF-8 text.</source>
        <translation>{0} 不是程序：它不是 UTF-8 文本。</translation>
    </message>
    <message>
        <source>Cannot write {0}: {1}</source>
        <translation>无法写入 {0}：{1}</translation>
    </message>
    <message>
        <source>Cannot write {0}: the lock file cannot be made.</source>
        <translation>无法写入 {0}：无法创建锁文件。</translation>
    </message>
</context>
<context>
    <name>analysis</name>
    <message>
        <source>PyTorch raises &quot;grad can be implicitly created only for scalar outputs&quot; here: {name} has shape {shape}, so backward() needs a gradient v of that shape (the weights of the rows of J it adds up). Choose v (the app&apos;s v editor, or --grad-tensor) to see vᵀJ; J itself is shown in full.</source>
        <translation>PyTorch 在这里会报错“grad can be implicitly created only for scalar outputs”：{name} 的形状是 {shape}，所以 backward() 需要一个同样形状的梯度 v（即把 J 的各行加起来时所用的权重）。选定 v（用本应用的 v 编辑器，或 --grad-tensor）即可看到 vᵀJ；J 本身已完整显示。</translation>
    </message>
    <message>
        <source>the gradient v must be a number or nested lists of numbers in JSON, e.g. [[1, 0], [0, 1]] ({error})</source>
        <translation>梯度 v 必须是 JSON 格式的数字或嵌套的数字列表，例如 [[1, 0], [0, 1]]（{error}）</translation>
    </message>
    <message>
        <source>the gradient v must be a rectangular nested list of numbers</source>
        <translation>梯度 v 必须是规整的嵌套数字列表（同一层的每个列表长度相同）</translation>
    </message>
    <message>
        <source>there is no tensor named &apos;{output}&apos; at the end of the program; tensors: {names}</source>
        <translation>程序结束时没有名为“{output}”的张量；现有的张量：{names}</translation>
    </message>
    <message>
        <source>there is no tensor named &apos;{output}&apos; at the end of the program</source>
        <translation>程序结束时没有名为“{output}”的张量</translation>
    </message>
    <message>
        <source>the program differentiates nothing and leaves no tensor with a grad_fn; make a tensor with requires_grad=True and compute something from it</source>
        <translation>程序没有对任何东西求导，结束时也没有带 grad_fn 的张量；请创建一个 requires_grad=True 的张量，再用它计算些什么</translation>
    </message>
    <message>
        <source>the program did not reach the differentiation on the second run: {type}: {message}</source>
        <translation>第二次运行时，程序没有执行到求导的地方：{type}: {message}</translation>
    </message>
    <message>
        <source>the program did not reach the differentiation on the second run</source>
        <translation>第二次运行时，程序没有执行到求导的地方</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is not a tensor</source>
        <translation>“{name}”不是张量</translation>
    </message>
    <message>
        <source>the program&apos;s own backward on another output freed the graph this output uses before the end, so the engine cannot differentiate it again; choose the tensor the program differentiates first, or add retain_graph=True there</source>
        <translation>程序自己对另一个输出调用的 backward 提前释放了这个输出所用的计算图，所以引擎无法再对它求导；请选择程序最先求导的张量，或者在那次调用中加上 retain_graph=True</translation>
    </message>
    <message>
        <source>the program was rejected: {message}</source>
        <translation>程序未被接受：{message}</translation>
    </message>
    <message>
        <source>the tensor differentiated on line {line}</source>
        <translation>第 {line} 行求导的张量</translation>
    </message>
    <message>
        <source>line {line} differentiates {n} outputs together; their gradients add up. This analysis shows the first, {label}; choose another output to see it.</source>
        <translation>第 {line} 行同时对 {n} 个输出求导，它们的梯度会累加。这里只分析第一个输出 {label}；要查看其他输出，请另外选择。</translation>
    </message>
    <message>
        <source>v has shape {shape} but {label} has shape {output_shape}: they must be the same</source>
        <translation>v 的形状是 {shape}，而 {label} 的形状是 {output_shape}：两者必须相同</translation>
    </message>
    <message>
        <source>the program passes a gradient of shape {shape} for {label}, which has shape {output_shape}; PyTorch stops there with &quot;Mismatch in shape&quot;. Give backward a v shaped like the output</source>
        <translation>程序为形状是 {output_shape} 的 {label} 传入了形状为 {shape} 的梯度；PyTorch 会在那里报错“Mismatch in shape”并停止。请给 backward 传入一个与输出形状相同的 v</translation>
    </message>
    <message>
        <source>{label} does not require grad: nothing that requires grad went into it, so J is zero.</source>
        <translation>{label} 不需要梯度：计算它时没有用到任何需要梯度的张量，所以 J 为零。</translation>
    </message>
    <message>
        <source>no top-level tensor is a leaf that requires grad, so there is no J to show.</source>
        <translation>顶层没有需要梯度的叶子张量，所以没有 J 可以显示。</translation>
    </message>
    <message>
        <source>the engine&apos;s backward raises {type}, as PyTorch&apos;s does: {error}</source>
        <translation>引擎的 backward 抛出了 {type}，PyTorch 也会如此：{error}</translation>
    </message>
    <message>
        <source>the second derivatives are not shown: the leaves are too large (over 64 elements)</source>
        <translation>未显示二阶导数：叶子张量太大（超过 64 个元素）</translation>
    </message>
    <message>
        <source>float64 central differences are not shown: replaying the recorded forward does not give the program&apos;s numbers back (a tensor was changed through .data or a detached alias, which the replay does not see)</source>
        <translation>未显示 float64 中心差分：重放记录下来的前向计算得不到程序中的数值（某个张量通过 .data 或 detach 出来的别名被修改了，重放看不到这种修改）</translation>
    </message>
    <message>
        <source>the analysis was stopped: it went past its budget of {run:g} s for its own run of the program and {stages:g} s for its stages (the limits --max-seconds and --max-analysis-seconds, or Settings &gt; Limits in the app)</source>
        <translation>分析已停止：超出了预算——自己运行程序 {run:g} 秒、各阶段 {stages:g} 秒（限制 --max-seconds 与 --max-analysis-seconds，或应用中的 设置 &gt; 限制）</translation>
    </message>
    <message>
        <source>float64 central differences are not shown: the program&apos;s {dtype} numbers overflow (inf or nan) where the float64 replay&apos;s stay finite, so the replay does not give them back</source>
        <translation>不显示 float64 中心差分：程序的 {dtype} 数值溢出（inf 或 nan），而 float64 重放的数值仍有限，所以重放得不回这些数值</translation>
    </message>
    <message>
        <source>the program differentiates nothing (no backward or autograd.grad), so there is no call to choose</source>
        <translation>程序没有求导（没有 backward 或 autograd.grad），所以没有可选的调用</translation>
    </message>
    <message>
        <source>the program differentiates {n} times: choose a call from 1 to {n}, not {call}</source>
        <translation>程序求导 {n} 次：请选择 1 到 {n} 之间的调用，而不是 {call}</translation>
    </message>
    <message>
        <source>line {line} differentiates {n} times: choose an iteration from 1 to {n}, not {iteration}</source>
        <translation>第 {line} 行求导 {n} 次：请选择 1 到 {n} 之间的迭代，而不是 {iteration}</translation>
    </message>
    <message>
        <source>{label} is computed from complex numbers: Backprop Lens&apos;s Jacobian is over the real numbers and its engine does not differentiate complex tensors (PyTorch&apos;s Wirtinger derivatives). Choose a real output that no complex tensor goes into.</source>
        <translation>{label} 由复数计算而来：Backprop Lens 的雅可比矩阵是实数上的，它的引擎不对复数张量求导（PyTorch 的 Wirtinger 导数）。请选择一个没有复数张量参与的实数输出。</translation>
    </message>
    <message>
        <source>the program differentiates {n} times; this is call {call}: line {line}, iteration {iteration} of {of} (choose another with --call and --iteration, or in the window)</source>
        <translation>程序求导 {n} 次；这是第 {call} 次调用：第 {line} 行，第 {iteration} 次迭代，共 {of} 次（用 --call 和 --iteration，或在窗口中选择其他调用）</translation>
    </message>
    <message>
        <source>float64 central differences differ from J. Expected where the output also depends on a leaf through detach() or torch.no_grad() (nudging the leaf moves those values, which autograd rightly ignores), or at a kink or a tie (relu at 0, abs at 0, equal maxima), where the derivative PyTorch uses is one of several, or where PyTorch&apos;s backward is not the derivative (det of an exactly singular matrix: PyTorch gives zero, the derivative is the cofactor matrix)</source>
        <translation>float64 中心差分与 J 不同。以下情况属于意料之中：输出还通过 detach() 或 torch.no_grad() 依赖某个叶子张量（微调叶子会改变这些值，而 autograd 理应忽略它们）；或者处在折点或并列处（relu 在 0 处、abs 在 0 处、多个相等的最大值），这时 PyTorch 采用的导数只是几种可能之一；或者 PyTorch 的反向传播并不是导数（恰好奇异的矩阵的 det：PyTorch 给出零，而导数是代数余子式矩阵）</translation>
    </message>
    <message>
        <source>the symbolic Jacobian is not computed: a leaf has {n:,} elements, and symbols are followed up to {limit:,} elements per tensor. The verdict rests on the numeric witnesses (float64 differences, real PyTorch when installed)</source>
        <translation>未计算符号雅可比矩阵：一个叶子有 {n:,} 个元素，而符号只跟踪到每个张量 {limit:,} 个元素。结论依据数值见证（float64 差分，以及已安装时的真实 PyTorch）</translation>
    </message>
    <message>
        <source>the symbolic Jacobian is not computed: the forward&apos;s {op} involves a tensor of {n:,} elements, and symbols are followed up to {limit:,} elements per tensor. The verdict rests on the numeric witnesses (float64 differences, real PyTorch when installed)</source>
        <translation>未计算符号雅可比矩阵：前向中的 {op} 涉及一个 {n:,} 个元素的张量，而符号只跟踪到每个张量 {limit:,} 个元素。结论依据数值见证（float64 差分，以及已安装时的真实 PyTorch）</translation>
    </message>
    <message>
        <source>the symbolic Jacobian is not computed: the forward has over {limit:,} operations on tensors that require grad, and symbols are followed for that many. The verdict rests on the numeric witnesses (float64 differences, real PyTorch when installed)</source>
        <translation>未计算符号雅可比矩阵：前向中对需要梯度的张量的运算超过了 {limit:,} 个，而符号只跟踪这么多运算。结论依据数值见证（float64 差分，以及已安装时的真实 PyTorch）</translation>
    </message>
    <message>
        <source>the symbolic Jacobian is not computed: the program gave a leaf another shape through .data ({n:,} elements now) after operations had used it, so its expressions would hold the leaf in two shapes. The verdict rests on the numeric witnesses</source>
        <translation>未计算符号雅可比矩阵：程序在运算已经用到某个叶子张量之后，通过 .data 改变了它的形状（现在有 {n:,} 个元素），符号表达式会同时含有这个叶子张量的两种形状。结论依据数值见证</translation>
    </message>
    <message>
        <source>J is finite in float64 ({value:.3g}) but overflows {dtype}, as PyTorch&apos;s does: the verdict compares those entries as infinities</source>
        <translation>J 在 float64 中有限（{value:.3g}），但在 {dtype} 中溢出，与 PyTorch 一样：结论把这些元素当作无穷大比较</translation>
    </message>
    <message>
        <source>float64 differences: {n} checks fitted in {seconds:g} s</source>
        <translation>float64 差分：{seconds:g} 秒内完成了 {n} 项检验</translation>
    </message>
    <message>
        <source>real PyTorch replays the custom Function {names} as the plain operations of its forward, so it checks J, not the program&apos;s backward</source>
        <translation>真实的 PyTorch 把自定义 Function {names} 按其 forward 中的普通运算重放，因此它检验的是 J，而不是程序写的 backward</translation>
    </message>
    <message>
        <source>real PyTorch disagrees: {note}</source>
        <translation>真正的 PyTorch 结果不同：{note}</translation>
    </message>
    <message>
        <source>real PyTorch {version} disagrees: largest difference {diff:.3g}</source>
        <translation>真正的 PyTorch {version} 结果不同：最大差值 {diff:.3g}</translation>
    </message>
    <message>
        <source>the backward stopped at step {step}: {type}: {error}</source>
        <translation>backward 在第 {step} 步停止：{type}: {error}</translation>
    </message>
    <message>
        <source>the backward of the custom Function {node} disagrees with its forward: the gradient it sends to {inputs} is not the derivative of what its forward computes (see step {step})</source>
        <translation>自定义 Function {node} 的 backward 与它的 forward 不一致：它传给 {inputs} 的梯度不是 forward 所计算内容的导数（见第 {step} 步）</translation>
    </message>
    <message>
        <source>cannot read the selection {piece!r}: write {syntax}, 1-based as the elements are named (e.g. out[1]:x[1,2] or out_1:x_12), a row (out[2]) or a column (x[1,2]); separate several with &apos;;&apos;</source>
        <translation>无法读取选择 {piece!r}：请写成 {syntax}，与元素的命名一样从 1 开始（例如 out[1]:x[1,2] 或 out_1:x_12），也可以是一行（out[2]）或一列（x[1,2]）；多个选择用 &apos;;&apos; 分隔</translation>
    </message>
    <message>
        <source>the selection is empty: write {syntax}, e.g. out[1]:x[1,2]</source>
        <translation>选择为空：请写成 {syntax}，例如 out[1]:x[1,2]</translation>
    </message>
    <message>
        <source>in {text!r}, {name} is not the output: write the output&apos;s element first, then the leaf&apos;s ({syntax}); the output is {output}</source>
        <translation>在 {text!r} 中，{name} 不是输出：先写输出的元素，再写叶子的元素（{syntax}）；输出是 {output}</translation>
    </message>
    <message>
        <source>the selection names over {limit:,} entries of J; ask for at most {limit:,} at a time (a row or a column, or single entries)</source>
        <translation>该选择涉及 J 的 {limit:,} 个以上元素；每次最多请求 {limit:,} 个（一行、一列或单个元素）</translation>
    </message>
    <message>
        <source>{name!r} is neither the output ({output}) nor a leaf of J ({leaves})</source>
        <translation>{name!r} 既不是输出（{output}），也不是 J 的叶子（{leaves}）</translation>
    </message>
    <message>
        <source>{name} is the output; after &apos;:&apos; comes a leaf of J ({leaves})</source>
        <translation>{name} 是输出；&apos;:&apos; 之后应是 J 的叶子（{leaves}）</translation>
    </message>
    <message>
        <source>{text!r}: {name} is a single number (0-dim), named {name} with no index</source>
        <translation>{text!r}：{name} 是单个数（0 维），直接写 {name}，不加下标</translation>
    </message>
    <message>
        <source>{text!r} is not an element of {name}: {name} has shape {shape}, so write {name}[{letters}] with {runs} (1-based, as in {first}; * for every index of a dimension)</source>
        <translation>{text!r} 不是 {name} 的元素：{name} 的形状是 {shape}，请写成 {name}[{letters}]，其中 {runs}（从 1 开始，与 {first} 一样；* 表示该维的所有下标）</translation>
    </message>
    <message>
        <source>no entry of J can be computed symbolically: the symbols were not followed through the whole forward (it stopped at {op}: {reason})</source>
        <translation>无法以符号方式计算 J 的任何元素：符号没有跟踪完整个前向计算（停在 {op}：{reason}）</translation>
    </message>
    <message>
        <source>{done} of {total} entries of J were computed within {seconds:g} s; the others are over budget</source>
        <translation>在 {seconds:g} 秒内计算了 J 的 {total} 个元素中的 {done} 个；其余的超出预算</translation>
    </message>
    <message>
        <source>this analysis has no J to take entries from: no leaf that requires grad reaches the output</source>
        <translation>这次分析没有可取元素的 J：没有需要梯度的叶子影响到输出</translation>
    </message>
    <message>
        <source>{name!r} is not a leaf of J ({leaves})</source>
        <translation>{name!r} 不是 J 的叶子（{leaves}）</translation>
    </message>
    <message>
        <source>J has no entry at row {row}, column {column} for {leaf}</source>
        <translation>对于 {leaf}，J 在第 {row} 行第 {column} 列没有元素</translation>
    </message>
    <message>
        <source>the program replaced a tensor&apos;s numbers through .data (param.data = ..., module.double()), which a replay does not see</source>
        <translation>程序通过 .data（param.data = ...、module.double()）替换了张量的数值，重放看不到这一点</translation>
    </message>
    <message>
        <source>no PyTorch counterpart is known for the op {op!r}</source>
        <translation>不知道运算 {op!r} 在 PyTorch 中对应什么</translation>
    </message>
    <message>
        <source>index_put is replayed in place only</source>
        <translation>index_put 只能以原地操作的形式重放</translation>
    </message>
    <message>
        <source>index_put with accumulate=True is not replayed</source>
        <translation>带 accumulate=True 的 index_put 不会被重放</translation>
    </message>
    <message>
        <source>a tensor that requires grad came from outside the recorded operations</source>
        <translation>有一个需要梯度的张量来自记录下来的运算之外</translation>
    </message>
    <message>
        <source>not replayed in PyTorch: {reason}</source>
        <translation>没有在 PyTorch 中重放：{reason}</translation>
    </message>
    <message>
        <source>PyTorch raised while replaying the forward</source>
        <translation>PyTorch 重放前向计算时报错</translation>
    </message>
    <message>
        <source>not replayed in PyTorch: the output or a leaf was not made by recorded operations</source>
        <translation>没有在 PyTorch 中重放：输出或某个叶子张量不是由记录下来的运算生成的</translation>
    </message>
    <message>
        <source>not replayed in PyTorch: {name} was changed in a way the replay does not see (through .data or a detached alias)</source>
        <translation>没有在 PyTorch 中重放：{name} 以重放看不到的方式被修改过（通过 .data 或 detach 得到的别名）</translation>
    </message>
    <message>
        <source>PyTorch&apos;s forward gives different values for the output (largest difference {diff:.3g})</source>
        <translation>PyTorch 的前向计算给出的输出值不同（最大差值 {diff:.3g}）</translation>
    </message>
    <message>
        <source>in PyTorch the output does not require grad</source>
        <translation>在 PyTorch 中，输出不需要梯度</translation>
    </message>
    <message>
        <source>PyTorch&apos;s backward raises the same error as the engine&apos;s</source>
        <translation>PyTorch 的 backward 抛出了与引擎相同的错误</translation>
    </message>
    <message>
        <source>PyTorch&apos;s backward raises an error</source>
        <translation>PyTorch 的 backward 抛出了错误</translation>
    </message>
    <message>
        <source>PyTorch&apos;s backward runs where the engine&apos;s raised</source>
        <translation>引擎的 backward 报错的地方，PyTorch 的 backward 却正常运行</translation>
    </message>
    <message>
        <source>{name} was changed through .data or a detached alias, which a replay cannot see</source>
        <translation>{name} 通过 .data 或 detach 得到的别名被修改过，重放看不到这种修改</translation>
    </message>
    <message>
        <source>the forward is too large to replay in PyTorch or to write as a script (over {count:,} numbers would be recorded)</source>
        <translation>前向计算太大，无法在 PyTorch 中重放，也无法写成脚本（需要记录超过 {count:,} 个数）</translation>
    </message>
    <message>
        <source>this graph is too large to expand a fold of it (over {limit:,} nodes)</source>
        <translation>这个图太大，无法展开其中的折叠节点（超过 {limit:,} 个节点）</translation>
    </message>
    <message>
        <source>expanding these folds would show {nodes:,} nodes; the graph shows at most {limit} (collapse another fold first)</source>
        <translation>展开这些折叠节点会显示 {nodes:,} 个节点；图最多显示 {limit} 个（请先折叠另一个）</translation>
    </message>
    <message>
        <source>tensor elements</source>
        <translation>张量元素数</translation>
    </message>
    <message>
        <source>steps (statements and loop iterations)</source>
        <translation>步数（语句与循环迭代）</translation>
    </message>
    <message>
        <source>iterations of one loop</source>
        <translation>单个循环的迭代次数</translation>
    </message>
    <message>
        <source>nested function calls</source>
        <translation>函数调用嵌套层数</translation>
    </message>
    <message>
        <source>seconds of running time</source>
        <translation>运行时间（秒）</translation>
    </message>
    <message>
        <source>elements of a list, string or range</source>
        <translation>列表、字符串或 range 的元素数</translation>
    </message>
    <message>
        <source>bits of an integer</source>
        <translation>整数的位数</translation>
    </message>
    <message>
        <source>characters of printed output</source>
        <translation>打印输出的字符数</translation>
    </message>
    <message>
        <source>list and string elements built in all</source>
        <translation>共构建的列表和字符串元素数</translation>
    </message>
    <message>
        <source>tensor elements made in all</source>
        <translation>共生成的张量元素数</translation>
    </message>
    <message>
        <source>MB of memory</source>
        <translation>内存（MB）</translation>
    </message>
    <message>
        <source>seconds of analysis</source>
        <translation>分析时间（秒）</translation>
    </message>
    <message>
        <source>seconds for the symbolic Jacobian</source>
        <translation>符号雅可比矩阵的秒数</translation>
    </message>
    <message>
        <source>matplotlib: plots are not drawn (nor saved) in Backprop Lens; the program runs on without them</source>
        <translation>matplotlib：Backprop Lens 中不绘制（也不保存）图表；程序在没有图表的情况下继续运行</translation>
    </message>
    <message>
        <source>tqdm: progress bars are not drawn in Backprop Lens (PyTorch&apos;s runs draw them on stderr, not in the printed output); the loop runs as written</source>
        <translation>tqdm：Backprop Lens 不绘制进度条（PyTorch 运行时进度条画在 stderr 上，不在打印输出中）；循环照常运行</translation>
    </message>
    <message>
        <source>torch.save writes no file in Backprop Lens: &apos;{path}&apos; is kept in memory for torch.load until the run ends</source>
        <translation>在 Backprop Lens 中 torch.save 不写入文件：&apos;{path}&apos; 保存在内存中，供 torch.load 使用，直到运行结束</translation>
    </message>
    <message>
        <source>{what} does nothing in Backprop Lens: {why}</source>
        <translation>{what} 在 Backprop Lens 中不做任何事：{why}</translation>
    </message>
    <message>
        <source>the program&apos;s memory is managed by the app</source>
        <translation>程序的内存由本应用管理</translation>
    </message>
    <message>
        <source>programs are interpreted, not run under a debugger; print the values you want to see</source>
        <translation>程序是被解释执行的，不在调试器下运行；请打印你想查看的值</translation>
    </message>
    <message>
        <source>CtcLossBackward0 is not the derivative of ctc_loss with respect to its log_probs: PyTorch&apos;s CTC gradient assumes log_probs = log_softmax(x) and adds exp(log_probs), which log_softmax&apos;s backward takes away again. Differentiated at the log-probabilities themselves, backward differs from vᵀJ by exactly that term; through log_softmax the two agree.</source>
        <translation>CtcLossBackward0 并不是 ctc_loss 对其 log_probs 的导数：PyTorch 的 CTC 梯度假定 log_probs = log_softmax(x)，并多加了 exp(log_probs)，这一项会被 log_softmax 的反向传播再减掉。直接对对数概率求导时，backward 与 vᵀJ 恰好相差这一项；经过 log_softmax 时两者一致。</translation>
    </message>
    <message>
        <source>LinalgCholeskyExBackward0 is not the derivative of linalg.cholesky as computed: cholesky reads only one triangle of A, but PyTorch&apos;s backward returns a symmetric gradient (the derivative for a symmetric change of A). vᵀJ counts each off-diagonal element of the read triangle twice and the other triangle not at all; backward gives each half of that. For a symmetric A built from a leaf (A = B Bᵀ, A = (B + Bᵀ) / 2) the two agree.</source>
        <translation>LinalgCholeskyExBackward0 并不是 linalg.cholesky 按实际计算方式的导数：cholesky 只读取 A 的一个三角部分，而 PyTorch 的反向传播返回的是对称梯度（即 A 做对称变化时的导数）。vᵀJ 把所读三角部分中每个非对角元素计了两次，另一个三角部分则完全不计；backward 给这两处各一半。若 A 由叶子张量构造成对称矩阵（A = B Bᵀ，A = (B + Bᵀ) / 2），两者一致。</translation>
    </message>
    <message>
        <source>LinalgEighBackward0 is not the derivative of linalg.eigh as computed: eigh reads only one triangle of A, but PyTorch&apos;s backward returns a symmetric gradient (the derivative for a symmetric change of A). vᵀJ counts each off-diagonal element of the read triangle twice and the other triangle not at all; backward gives each half of that. For a symmetric A built from a leaf (A = B Bᵀ, A = (B + Bᵀ) / 2) the two agree.</source>
        <translation>LinalgEighBackward0 并不是 linalg.eigh 按实际计算方式的导数：eigh 只读取 A 的一个三角部分，而 PyTorch 的反向传播返回的是对称梯度（即 A 做对称变化时的导数）。vᵀJ 把所读三角部分中每个非对角元素计了两次，另一个三角部分则完全不计；backward 给这两处各一半。若 A 由叶子张量构造成对称矩阵（A = B Bᵀ，A = (B + Bᵀ) / 2），两者一致。</translation>
    </message>
    <message>
        <source>there is no analysis with a J to compute entries of</source>
        <translation>还没有带 J 的分析可以计算元素</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>there is no analysis with a graph to expand</source>
        <translation>没有可展开其计算图的分析结果</translation>
    </message>
    <message>
        <source>AccumulateGrad adds the arriving gradient g into the leaf&apos;s .grad: .grad += g (the first gradient is stored as it is).</source>
        <translation>AccumulateGrad 把传入的梯度 g 累加到叶子张量的 .grad 中：.grad += g（第一个梯度按原样保存）。</translation>
    </message>
    <message>
        <source>CopySlices: the gradient of the region written in place goes through {inner}, the backward of the in-place op; the rest of the gradient goes to the base tensor as it was.</source>
        <translation>CopySlices：被原地写入的区域的梯度经过 {inner}，即该原地操作的反向传播；其余部分的梯度原样传给基张量。</translation>
    </message>
    <message>
        <source>AsStridedBackward0: the view&apos;s gradient is placed in its region of a zero gradient for the base tensor.</source>
        <translation>AsStridedBackward0：视图的梯度被放进基张量的全零梯度中该视图所对应的区域。</translation>
    </message>
    <message>
        <source>Custom autograd.Function: it sends what the program&apos;s backward computes; below, what its forward implies.</source>
        <translation>自定义 autograd.Function：传出的是程序的 backward 算出的梯度；下面是它的 forward 所蕴含的梯度。</translation>
    </message>
    <message>
        <source>No short formula: {name} is computed by its backward rule directly.</source>
        <translation>没有简短的公式：{name} 直接由它的反向传播规则计算。</translation>
    </message>
    <message>
        <source>{name} has no derivative in PyTorch: its backward raises NotImplementedError, so no gradient can flow back through it.</source>
        <translation>{name} 在 PyTorch 中没有导数：它的 backward 会抛出 NotImplementedError，所以梯度无法经由它反向流过。</translation>
    </message>
    <message>
        <source>{name} is not differentiable: no gradient flows through it.</source>
        <translation>{name} 不可微：没有梯度流经它。</translation>
    </message>
    <message>
        <source>{name}&apos;s first output element does not depend on the inputs that receive a gradient.</source>
        <translation>{name} 的第一个输出元素不依赖于接收梯度的输入。</translation>
    </message>
    <message>
        <source>{name} only moves elements: each output element is one input element, so the local derivative is 1 there and 0 elsewhere, and the gradient goes back to where each element came from.</source>
        <translation>{name} 只是移动元素：每个输出元素都是某一个输入元素，所以局部导数在那个位置为 1、其余位置为 0，梯度会回到每个元素原来所在的位置。</translation>
    </message>
    <message>
        <source>An input element used more than once gets the sum of its gradients.</source>
        <translation>被使用多次的输入元素得到它的各个梯度之和。</translation>
    </message>
    <message>
        <source>An input element not used gets 0.</source>
        <translation>未被使用的输入元素得到 0。</translation>
    </message>
    <message>
        <source>Written out for inputs of shape {shown}; this node&apos;s inputs have shape {actual}.</source>
        <translation>这里是按形状为 {shown} 的输入写出的；这个节点的输入形状为 {actual}。</translation>
    </message>
    <message>
        <source>Jacobian rows {done} of {total} ({seconds:.1f} s)</source>
        <translation>雅可比矩阵：已算 {done}/{total} 行（{seconds:.1f} 秒）</translation>
    </message>
    <message>
        <source>running the program</source>
        <translation>正在运行程序</translation>
    </message>
    <message>
        <source>symbolic Jacobian</source>
        <translation>正在求符号雅可比矩阵</translation>
    </message>
    <message>
        <source>the symbolic Jacobian is not computed: building the forward&apos;s expressions took over {seconds:g} s (stopped at {op}). The verdict rests on the numeric witnesses (float64 differences, real PyTorch when installed)</source>
        <translation>未计算符号雅可比矩阵：构建前向的表达式用了超过 {seconds:g} 秒（停在 {op}）。结论依据数值见证（float64 差分，以及已安装时的真实 PyTorch）</translation>
    </message>
    <message>
        <source>the symbolic Jacobian is not computed: differentiating took over {seconds:g} s ({done} of {total} rows done). The verdict rests on the numeric witnesses (float64 differences, real PyTorch when installed)</source>
        <translation>未计算符号雅可比矩阵：求导用了超过 {seconds:g} 秒（已完成 {total} 行中的 {done} 行）。结论依据数值见证（float64 差分，以及已安装时的真实 PyTorch）</translation>
    </message>
    <message>
        <source>there is no analysis to export yet</source>
        <translation>还没有可以导出的分析</translation>
    </message>
    <message>
        <source>this program&apos;s forward cannot be written as plain PyTorch calls</source>
        <translation>这个程序的前向计算无法写成普通的 PyTorch 调用</translation>
    </message>
    <message>
        <source>unknown export format {format!r}</source>
        <translation>未知的导出格式 {format!r}</translation>
    </message>
</context>
<context>
    <name>explain</name>
    <message>
        <source>Backward through the same graph twice</source>
        <translation>对同一个计算图做了两次反向传播</translation>
    </message>
    <message>
        <source>The first backward() walked the graph and then freed the values it had saved for the chain rule (the inputs of each multiplication, for example). The second backward() needs them again, but they are gone.</source>
        <translation>第一次 backward() 遍历计算图之后，就释放了为链式法则保存的中间值（例如每个乘法的输入）。第二次 backward() 还需要这些值，但它们已经不在了。</translation>
    </message>
    <message>
        <source>Pass retain_graph=True to every backward() except the last one, so the saved values are kept. Or run the forward computation again before the second backward(). Remember that the gradients of the two calls add up in .grad.</source>
        <translation>除最后一次外，每次调用 backward() 时都传入 retain_graph=True，这样保存的值会被保留。或者在第二次 backward() 之前重新做一遍前向计算。注意两次调用的梯度会在 .grad 中累加。</translation>
    </message>
    <message>
        <source>backward() of a complex number needs a gradient</source>
        <translation>对复数调用 backward() 需要给出梯度</translation>
    </message>
    <message>
        <source>A complex scalar has two parts, so there is no single &apos;d(output)/d(output) = 1&apos; to start the chain rule from: PyTorch asks for the gradient to start with.</source>
        <translation>复数标量有实部和虚部两部分，因此没有唯一的“d(output)/d(output) = 1”可以作为链式法则的起点：PyTorch 要求给出起始梯度。</translation>
    </message>
    <message>
        <source>Differentiate a real number made from it, such as its absolute value or its real part (z.abs(), z.real). Backprop Lens itself computes complex values but does not differentiate them.</source>
        <translation>改为对由它得到的实数求导，例如它的绝对值或实部（z.abs()、z.real）。Backprop Lens 本身能计算复数的值，但不对复数求导。</translation>
    </message>
    <message>
        <source>Backprop Lens does not differentiate complex numbers</source>
        <translation>Backprop Lens 不对复数求导</translation>
    </message>
    <message>
        <source>The program&apos;s complex values are computed exactly as PyTorch computes them, but their gradients are conjugate Wirtinger derivatives, which this engine does not model, so backward stops at the first node that has a complex input.</source>
        <translation>程序中复数的值与 PyTorch 的计算完全一致，但复数的梯度是共轭 Wirtinger 导数，本引擎没有实现，所以反向传播在第一个有复数输入的节点处停止。</translation>
    </message>
    <message>
        <source>Run this part in PyTorch itself, or keep complex tensors out of the path to the loss (work with the real and imaginary parts as two real tensors).</source>
        <translation>这一部分请在 PyTorch 中运行，或者让复数张量不出现在通往损失的路径上（把实部和虚部作为两个实数张量来计算）。</translation>
    </message>
    <message>
        <source>backward() on a non-scalar output needs a gradient</source>
        <translation>对非标量输出调用 backward() 需要传入梯度</translation>
    </message>
    <message>
        <source>out.backward() with no argument means d out / d x, which only makes sense when out is a single number. Here out has several elements, so PyTorch needs the vector v of backward(v): it computes vᵀJ, the Jacobian J of out weighted by v.</source>
        <translation>不带参数的 out.backward() 表示 d out / d x，只有当 out 是单个数（标量）时才有意义。这里 out 有多个元素，所以 PyTorch 需要 backward(v) 中的向量 v：它计算的是 vᵀJ，即用 v 加权的 out 的雅可比矩阵 J（向量-雅可比积）。</translation>
    </message>
    <message>
        <source>Pass gradient=v with the same shape as out, or reduce out to a scalar first (sum or mean).</source>
        <translation>传入与 out 形状相同的 gradient=v，或者先把 out 归约成标量（sum 或 mean）。</translation>
    </message>
    <message>
        <source>The output is not connected to any tensor that requires grad</source>
        <translation>输出没有连接到任何需要梯度的张量</translation>
    </message>
    <message>
        <source>backward() starts from a tensor that autograd never tracked: none of the tensors it was computed from has requires_grad=True, or it was computed under torch.no_grad(), or after .detach(), or it has an integer dtype. There is no graph to walk back through.</source>
        <translation>backward() 的起点是一个 autograd 从未跟踪过的张量：计算它所用的张量都没有 requires_grad=True，或者它是在 torch.no_grad() 下、在 .detach() 之后计算的，或者它是整数类型（dtype）。没有可以反向遍历的计算图。</translation>
    </message>
    <message>
        <source>Create the input tensors with requires_grad=True (as floats), and compute the output outside torch.no_grad() and without detach().</source>
        <translation>创建输入张量时设置 requires_grad=True（并使用浮点数），并在 torch.no_grad() 之外、不经过 detach() 计算输出。</translation>
    </message>
    <message>
        <source>The gradient v has the wrong shape</source>
        <translation>梯度 v 的形状不对</translation>
    </message>
    <message>
        <source>In out.backward(v) the vector v holds one weight per element of out, so it must have exactly the shape of out. The shapes in the message differ.</source>
        <translation>在 out.backward(v) 中，向量 v 为 out 的每个元素提供一个权重，所以它的形状必须与 out 完全相同。报错信息中的两个形状不一致。</translation>
    </message>
    <message>
        <source>Give v the shape of out, for example with torch.ones_like(out), or check which tensor you call backward() on.</source>
        <translation>让 v 与 out 形状相同，例如用 torch.ones_like(out)；或者检查你是对哪个张量调用的 backward()。</translation>
    </message>
    <message>
        <source>One gradient per output is needed</source>
        <translation>每个输出都需要一个梯度</translation>
    </message>
    <message>
        <source>When several outputs are differentiated together, each needs its own gradient tensor (grad_outputs / grad_tensors), in the same order.</source>
        <translation>同时对多个输出求导时，每个输出都需要自己的梯度张量（grad_outputs / grad_tensors），并且顺序一致。</translation>
    </message>
    <message>
        <source>Pass a list with one gradient per output, each shaped like its output.</source>
        <translation>传入一个列表，每个输出对应一个梯度，形状与该输出相同。</translation>
    </message>
    <message>
        <source>One of the inputs is not used to compute the output</source>
        <translation>有一个输入没有参与输出的计算</translation>
    </message>
    <message>
        <source>torch.autograd.grad(out, inputs) was asked for the gradient with respect to a tensor that out does not depend on, so no path in the graph leads to it.</source>
        <translation>torch.autograd.grad(out, inputs) 被要求计算对某个张量的梯度，但 out 并不依赖这个张量，计算图中没有任何路径通向它。</translation>
    </message>
    <message>
        <source>Remove that tensor from inputs, or pass allow_unused=True: its gradient is then None (or zeros with materialize_grads=True).</source>
        <translation>把这个张量从 inputs 中去掉，或者传入 allow_unused=True：这时它的梯度为 None（设置 materialize_grads=True 时为全零）。</translation>
    </message>
    <message>
        <source>An input of autograd.grad does not require grad</source>
        <translation>autograd.grad 的某个输入不需要梯度</translation>
    </message>
    <message>
        <source>torch.autograd.grad can only differentiate with respect to tensors that have requires_grad=True; one of the inputs does not.</source>
        <translation>torch.autograd.grad 只能对 requires_grad=True 的张量求导，而有一个输入不满足这一点。</translation>
    </message>
    <message>
        <source>Create that input with requires_grad=True, or leave it out of inputs.</source>
        <translation>创建这个输入时设置 requires_grad=True，或者不要把它放进 inputs。</translation>
    </message>
    <message>
        <source>Only floating-point tensors can require gradients</source>
        <translation>只有浮点张量才能需要梯度</translation>
    </message>
    <message>
        <source>Gradients are about small changes, and integers (or booleans) cannot change a little. torch.tensor([1, 2, 3]) makes an integer tensor (int64) because every number is written without a decimal point.</source>
        <translation>梯度描述的是微小的变化，而整数（或布尔值）无法只变化一点点。torch.tensor([1, 2, 3]) 创建的是整数张量（int64），因为每个数都没有写小数点。</translation>
    </message>
    <message>
        <source>Write the numbers as floats (1. instead of 1), or pass dtype=torch.float32.</source>
        <translation>把数写成浮点数（写 1. 而不是 1），或者传入 dtype=torch.float32。</translation>
    </message>
    <message>
        <source>requires_grad can only be changed on a leaf tensor</source>
        <translation>只能修改叶子张量的 requires_grad</translation>
    </message>
    <message>
        <source>This tensor was computed from other tensors (it has a grad_fn), so whether it requires grad is decided by its inputs. Only leaves, the tensors you create yourself, have a requires_grad flag you can set.</source>
        <translation>这个张量是由其他张量计算得到的（它有 grad_fn），所以它是否需要梯度由它的输入决定。只有叶子张量，也就是你自己创建的张量，才有可以设置的 requires_grad 标志。</translation>
    </message>
    <message>
        <source>To stop gradients flowing through a computed tensor, use y.detach(), which gives a new leaf. To track gradients, set requires_grad=True on the leaf it was computed from.</source>
        <translation>要阻止梯度流过一个计算得到的张量，请用 y.detach()，它会给出一个新的叶子张量。要跟踪梯度，请在计算它所用的叶子张量上设置 requires_grad=True。</translation>
    </message>
    <message>
        <source>A hook needs a tensor that requires grad</source>
        <translation>钩子（hook）需要注册在需要梯度的张量上</translation>
    </message>
    <message>
        <source>A hook runs when a gradient arrives at a tensor during backward. This tensor does not require grad, so no gradient will ever arrive.</source>
        <translation>钩子在反向传播中梯度到达某个张量时运行。这个张量不需要梯度，所以永远不会有梯度到达。</translation>
    </message>
    <message>
        <source>Register the hook on a tensor that requires grad, or create the leaf with requires_grad=True.</source>
        <translation>把钩子注册到需要梯度的张量上，或者在创建叶子张量时设置 requires_grad=True。</translation>
    </message>
    <message>
        <source>retain_grad() needs a tensor that requires grad</source>
        <translation>retain_grad() 需要一个需要梯度的张量</translation>
    </message>
    <message>
        <source>retain_grad() keeps the gradient of an intermediate tensor in .grad, but this tensor does not require grad, so backward never computes one for it.</source>
        <translation>retain_grad() 会把中间张量的梯度保留在 .grad 中，但这个张量不需要梯度，所以反向传播根本不会为它计算梯度。</translation>
    </message>
    <message>
        <source>Call retain_grad() on a tensor computed from inputs with requires_grad=True.</source>
        <translation>对由 requires_grad=True 的输入计算得到的张量调用 retain_grad()。</translation>
    </message>
    <message>
        <source>In-place change of part of a leaf that requires grad</source>
        <translation>原地修改了需要梯度的叶子张量的一部分</translation>
    </message>
    <message>
        <source>x[0] = ... or x[0].mul_(2) writes into x itself. x is a leaf that requires grad, so autograd would lose the values the gradient is defined at.</source>
        <translation>x[0] = ... 或 x[0].mul_(2) 会直接写入 x 本身。x 是需要梯度的叶子张量，这样 autograd 就会丢失定义梯度时所在的那些值。</translation>
    </message>
    <message>
        <source>Work on a copy: x.clone() is not a leaf, and autograd tracks the write into it. Or make the change under torch.no_grad() if it is not part of the computation.</source>
        <translation>在副本上操作：x.clone() 不是叶子张量，autograd 会跟踪对它的写入。如果这次修改不属于要求导的计算，也可以在 torch.no_grad() 下进行。</translation>
    </message>
    <message>
        <source>In-place change of a leaf that requires grad</source>
        <translation>原地修改了需要梯度的叶子张量</translation>
    </message>
    <message>
        <source>x += 1, x *= 2 or x.add_(1) change x itself. x is a leaf that requires grad: the tensor you differentiate with respect to. Changing it in place would make its gradient refer to values that no longer exist.</source>
        <translation>x += 1、x *= 2 或 x.add_(1) 会修改 x 本身。x 是需要梯度的叶子张量，也就是你要对其求导的张量。原地修改它会让它的梯度对应到已经不存在的值。</translation>
    </message>
    <message>
        <source>Write the result to a new tensor (y = x + 1). To update parameters in a training step, do it under torch.no_grad().</source>
        <translation>把结果写到一个新张量中（y = x + 1）。如果是在训练步骤中更新参数，请在 torch.no_grad() 下进行。</translation>
    </message>
    <message>
        <source>A value needed by backward was changed in place</source>
        <translation>反向传播需要的值被原地修改了</translation>
    </message>
    <message>
        <source>An operation saved a tensor for its backward step (mul saves its inputs, exp and relu their output). Later an in-place operation (+=, *=, add_, relu_, x[i] = ...) changed that tensor: its version counter moved on, so backward would use wrong numbers and stops.</source>
        <translation>某个运算为它的反向传播步骤保存了一个张量（mul 保存它的输入，exp 和 relu 保存它们的输出）。之后一个原地操作（+=、*=、add_、relu_、x[i] = ...）修改了这个张量：它的版本计数器变了，反向传播会用到错误的数值，所以停了下来。</translation>
    </message>
    <message>
        <source>Use the out-of-place form (y = y * 2 instead of y *= 2, relu instead of relu_), or clone() the tensor before changing it.</source>
        <translation>改用非原地的写法（用 y = y * 2 代替 y *= 2，用 relu 代替 relu_），或者在修改之前先 clone() 这个张量。</translation>
    </message>
    <message>
        <source>In-place write into a tensor whose elements share memory</source>
        <translation>原地写入了一个元素共享内存的张量</translation>
    </message>
    <message>
        <source>The tensor was made with expand() (or a similar view), so several of its elements are the same number in memory; writing into it in place is ambiguous.</source>
        <translation>这个张量是用 expand()（或类似的视图）得到的，它的多个元素在内存中是同一个数；原地写入它会产生歧义。</translation>
    </message>
    <message>
        <source>clone() the expanded tensor before writing into it.</source>
        <translation>写入之前先对扩展后的张量调用 clone()。</translation>
    </message>
    <message>
        <source>detach_() on a view</source>
        <translation>对视图调用了 detach_()</translation>
    </message>
    <message>
        <source>detach_() changes the tensor itself, which is not allowed for a view of another tensor.</source>
        <translation>detach_() 会修改张量本身，而另一个张量的视图不允许这样做。</translation>
    </message>
    <message>
        <source>Use the out-of-place y = y.detach().</source>
        <translation>改用非原地的 y = y.detach()。</translation>
    </message>
    <message>
        <source>A hook returned a gradient of another shape</source>
        <translation>钩子返回的梯度形状不对</translation>
    </message>
    <message>
        <source>A tensor hook may replace the gradient that arrives at its tensor, but the replacement must have the same shape as that gradient (the shape of the tensor).</source>
        <translation>张量钩子可以替换到达其张量的梯度，但替换后的梯度必须与原梯度形状相同（即张量的形状）。</translation>
    </message>
    <message>
        <source>Return a tensor of the same shape (for example grad * 2), or return None to keep the gradient unchanged.</source>
        <translation>返回形状相同的张量（例如 grad * 2），或者返回 None 以保持梯度不变。</translation>
    </message>
    <message>
        <source>A node hook returned something other than one gradient per input</source>
        <translation>节点钩子返回的不是每个输入各一个梯度</translation>
    </message>
    <message>
        <source>A hook on a grad_fn (grad_fn.register_hook, register_prehook, or a module&apos;s register_backward_hook) may replace the gradients the node passes on, but it must return a tuple with one tensor (or None) for each of them, in the order of grad_input.</source>
        <translation>grad_fn 上的钩子（grad_fn.register_hook、register_prehook，或模块的 register_backward_hook）可以替换该节点传出的梯度，但必须返回一个元组，按 grad_input 的顺序为每个梯度给出一个张量（或 None）。</translation>
    </message>
    <message>
        <source>Return a tuple: (grad_input[0] * 2,) for a node with one input, or None to keep the gradients.</source>
        <translation>返回一个元组：只有一个输入的节点返回 (grad_input[0] * 2,)，或返回 None 保持梯度不变。</translation>
    </message>
    <message>
        <source>A hook returned something that is not a tensor</source>
        <translation>钩子返回的不是张量</translation>
    </message>
    <message>
        <source>A tensor hook must return either a new gradient tensor or None.</source>
        <translation>张量钩子只能返回一个新的梯度张量，或者 None。</translation>
    </message>
    <message>
        <source>Return a tensor shaped like grad, or return nothing (None) to keep the gradient.</source>
        <translation>返回一个与 grad 形状相同的张量，或者什么都不返回（None）以保留原梯度。</translation>
    </message>
    <message>
        <source>The new .grad has the wrong shape</source>
        <translation>新的 .grad 形状不对</translation>
    </message>
    <message>
        <source>x.grad must always have the same shape as x.</source>
        <translation>x.grad 的形状必须始终与 x 相同。</translation>
    </message>
    <message>
        <source>Assign a tensor shaped like x, or reset the gradient with x.grad = None or x.grad.zero_().</source>
        <translation>赋一个与 x 形状相同的张量，或者用 x.grad = None 或 x.grad.zero_() 重置梯度。</translation>
    </message>
    <message>
        <source>numpy() on a tensor that requires grad</source>
        <translation>对需要梯度的张量调用了 numpy()</translation>
    </message>
    <message>
        <source>A NumPy array is outside autograd: nothing done with it can flow back into the gradient. PyTorch makes you say so explicitly.</source>
        <translation>NumPy 数组在 autograd 之外：对它做的任何计算都无法把梯度传回来。PyTorch 要求你明确表示这一点。</translation>
    </message>
    <message>
        <source>Call detach() first, which gives the same values without the graph.</source>
        <translation>先调用 detach()，它给出相同的值，但不带计算图。</translation>
    </message>
    <message>
        <source>item() or float() on a tensor with several elements</source>
        <translation>对有多个元素的张量调用了 item() 或 float()</translation>
    </message>
    <message>
        <source>item(), float() and int() turn a tensor with exactly one element into a Python number. This tensor has several elements.</source>
        <translation>item()、float() 和 int() 只能把恰好有一个元素的张量变成 Python 数。这个张量有多个元素。</translation>
    </message>
    <message>
        <source>Pick one element first, reduce the tensor (sum, mean), or use tolist() for all values.</source>
        <translation>先取出一个元素，或者对张量做归约（sum、mean），要取全部值可以用 tolist()。</translation>
    </message>
    <message>
        <source>if or while on a tensor with several elements</source>
        <translation>在 if 或 while 中使用了有多个元素的张量</translation>
    </message>
    <message>
        <source>An if, while, and, or or not needs one True or False, but the tensor holds several values, so it is unclear whether you mean all of them or any of them.</source>
        <translation>if、while、and、or 或 not 需要一个 True 或 False，但这个张量有多个值，无法确定你指的是全部满足还是任意一个满足。</translation>
    </message>
    <message>
        <source>Say which: use .all() or .any(), or compare a single element.</source>
        <translation>说清楚是哪一种：用 .all() 或 .any()，或者只比较单个元素。</translation>
    </message>
    <message>
        <source>Matrix shapes do not fit together</source>
        <translation>矩阵形状不匹配</translation>
    </message>
    <message>
        <source>A matrix product (n×k) @ (k×m) needs the inner sizes to agree: the number of columns of the first matrix must equal the number of rows of the second. Here they differ.</source>
        <translation>矩阵乘积 (n×k) @ (k×m) 要求内侧的维度一致：第一个矩阵的列数必须等于第二个矩阵的行数。这里两者不同。</translation>
    </message>
    <message>
        <source>Print the shapes (a.shape, b.shape) and transpose or reshape one of them, for example b.T, or swap the order of the operands.</source>
        <translation>打印两个形状（a.shape, b.shape），然后转置或 reshape 其中一个（例如 b.T），或者交换两个操作数的顺序。</translation>
    </message>
    <message>
        <source>The operation needs tensors with a different number of dimensions</source>
        <translation>这个运算需要维数不同的张量</translation>
    </message>
    <message>
        <source>torch.mm needs two matrices (2-D), torch.mv a matrix and a vector, torch.dot two vectors (1-D), torch.bmm two 3-D tensors. One of the arguments has another number of dimensions.</source>
        <translation>torch.mm 需要两个矩阵（二维），torch.mv 需要一个矩阵和一个向量，torch.dot 需要两个向量（一维），torch.bmm 需要两个三维张量。有一个参数的维数不符合要求。</translation>
    </message>
    <message>
        <source>Use the function that fits the shapes (torch.matmul or @ accepts vectors and matrices), or reshape the argument, for example b.view(-1, 1) for a column.</source>
        <translation>使用与形状相符的函数（torch.matmul 或 @ 同时接受向量和矩阵），或者改变参数的形状，例如用 b.view(-1, 1) 得到一列。</translation>
    </message>
    <message>
        <source>The determinant and the inverse need square matrices</source>
        <translation>行列式和逆矩阵需要方阵</translation>
    </message>
    <message>
        <source>torch.det, torch.inverse and torch.linalg.det / inv are defined only for n×n matrices (or a batch of them in the last two dimensions). The matrix here has a different number of rows and columns.</source>
        <translation>torch.det、torch.inverse 以及 torch.linalg.det / inv 只对 n×n 矩阵（或在最后两个维度上的一批这样的矩阵）有定义。这里的矩阵行数与列数不同。</translation>
    </message>
    <message>
        <source>Print the shape and make the last two sizes equal, for example by taking a square block; the singular values (torch.linalg.svdvals) exist for a matrix of any shape.</source>
        <translation>打印形状，使最后两个维度的大小相等，例如取出一个方块；奇异值（torch.linalg.svdvals）对任意形状的矩阵都存在。</translation>
    </message>
    <message>
        <source>The matrix function was given a vector or a number</source>
        <translation>矩阵函数收到的是向量或数字</translation>
    </message>
    <message>
        <source>det, inverse and svd work on matrices: the last two dimensions of the tensor are the rows and columns. A tensor with fewer than two dimensions has no matrix in it.</source>
        <translation>det、inverse 和 svd 作用于矩阵：张量的最后两个维度是行和列。少于两个维度的张量中没有矩阵。</translation>
    </message>
    <message>
        <source>Give it a 2-D tensor; a vector becomes a one-row matrix with v.unsqueeze(0) or a one-column matrix with v.unsqueeze(1).</source>
        <translation>传入二维张量；向量可以用 v.unsqueeze(0) 变成单行矩阵，或用 v.unsqueeze(1) 变成单列矩阵。</translation>
    </message>
    <message>
        <source>The matrix is singular and has no inverse</source>
        <translation>矩阵是奇异的，没有逆矩阵</translation>
    </message>
    <message>
        <source>Its determinant is zero: some rows (or columns) are combinations of the others, so no matrix undoes it and the inversion stops at a zero pivot.</source>
        <translation>它的行列式为零：某些行（或列）是其他行（或列）的组合，因此没有矩阵能还原它，求逆在一个为零的主元处停止。</translation>
    </message>
    <message>
        <source>Print its determinant (torch.linalg.det) and its singular values (torch.linalg.svdvals: a zero one means singular); where a nearby invertible matrix will do, add a small multiple of the identity.</source>
        <translation>打印它的行列式（torch.linalg.det）和奇异值（torch.linalg.svdvals：有一个为零就是奇异的）；如果一个相近的可逆矩阵就够用，给它加上单位矩阵的一个小倍数。</translation>
    </message>
    <message>
        <source>The cross product needs vectors of 3 elements</source>
        <translation>叉积需要 3 个元素的向量</translation>
    </message>
    <message>
        <source>torch.cross and torch.linalg.cross multiply 3-vectors: the dimension they work along must have exactly 3 elements in both tensors. torch.linalg.cross takes the last dimension unless told otherwise; torch.cross without dim takes the first dimension of size 3 of the first tensor.</source>
        <translation>torch.cross 和 torch.linalg.cross 计算三维向量的叉积：它们所沿的那个维度在两个张量中都必须恰好有 3 个元素。torch.linalg.cross 默认取最后一个维度；不给 dim 时，torch.cross 取第一个张量中第一个大小为 3 的维度。</translation>
    </message>
    <message>
        <source>Print both shapes and pass dim= the dimension that holds the x, y, z components (its size must be 3 in both); a 2-D vector becomes a 3-D one with a zero third component.</source>
        <translation>打印两个张量的形状，并用 dim= 指定存放 x、y、z 分量的维度（它在两个张量中的大小都必须是 3）；二维向量可以补一个为 0 的第三分量变成三维向量。</translation>
    </message>
    <message>
        <source>The cross product takes tensors with the same number of dimensions</source>
        <translation>叉积要求两个张量的维数相同</translation>
    </message>
    <message>
        <source>torch.cross broadcasts the dimensions other than the one of the vectors, but only between tensors that already have as many dimensions: a batch of vectors (n, 3) and one vector (3,) are refused.</source>
        <translation>torch.cross 会对向量所在维度以外的维度做广播，但只在维数已经相同的张量之间进行：一批向量 (n, 3) 和单个向量 (3,) 会被拒绝。</translation>
    </message>
    <message>
        <source>Give the smaller tensor the missing leading dimensions with unsqueeze(0) (or view(1, 3)); broadcasting then repeats it along the batch.</source>
        <translation>用 unsqueeze(0)（或 view(1, 3)）给较小的张量补上缺少的前导维度；之后广播会沿着批次重复它。</translation>
    </message>
    <message>
        <source>The operation does not take tensors of this dtype</source>
        <translation>这个运算不接受这种 dtype 的张量</translation>
    </message>
    <message>
        <source>PyTorch has no kernel of this operation for this element type: the quoted name is the kernel, the dtype follows it. Bitwise operations and shifts take integer and bool tensors only, the cross product takes no bool tensors, matrix decompositions take no half-precision ones.</source>
        <translation>PyTorch 没有为这种元素类型实现这个运算的内核：引号中的名字是内核，后面是 dtype。按位运算和移位只接受整数和 bool 张量，叉积不接受 bool 张量，矩阵分解不接受半精度张量。</translation>
    </message>
    <message>
        <source>Convert the tensor first: .float() (or .double()) for arithmetic, .long() or .int() for the bitwise operations and shifts.</source>
        <translation>先转换张量：算术运算用 .float()（或 .double()），按位运算和移位用 .long() 或 .int()。</translation>
    </message>
    <message>
        <source>PyTorch has no derivative for this operation</source>
        <translation>PyTorch 没有这个运算的导数</translation>
    </message>
    <message>
        <source>The result was made by an operation that PyTorch records in the graph but cannot differentiate (torch.unique, for one: its values depend on which elements are equal, not smoothly on the elements), so backward stops at its node.</source>
        <translation>这个结果来自一个 PyTorch 会记录在计算图中、却无法求导的运算（例如 torch.unique：它的值取决于哪些元素相等，而不是光滑地依赖于元素），所以 backward 在它的节点处停止。</translation>
    </message>
    <message>
        <source>Keep the operation out of the path to the loss: use its result as a constant (for example the counts or the inverse indices, which never need a gradient), or compute the loss from the original tensor.</source>
        <translation>让这个运算不在通往损失的路径上：把它的结果当作常量使用（例如计数或逆索引，它们从不需要梯度），或者从原始张量计算损失。</translation>
    </message>
    <message>
        <source>torch.set_default_tensor_type is deprecated</source>
        <translation>torch.set_default_tensor_type 已弃用</translation>
    </message>
    <message>
        <source>Older tutorials choose the type of new tensors with torch.set_default_tensor_type(&apos;torch.FloatTensor&apos;). It still works on the CPU, but PyTorch now sets the floating-point dtype and the device separately.</source>
        <translation>较早的教程用 torch.set_default_tensor_type(&apos;torch.FloatTensor&apos;) 选择新张量的类型。它在 CPU 上仍然可用，但 PyTorch 现在分别设置浮点 dtype 和设备。</translation>
    </message>
    <message>
        <source>Use torch.set_default_dtype(torch.float32) (or torch.float64) instead; the device is the CPU unless you move tensors with .to(device).</source>
        <translation>改用 torch.set_default_dtype(torch.float32)（或 torch.float64）；除非用 .to(device) 移动张量，设备就是 CPU。</translation>
    </message>
    <message>
        <source>torch.cross without dim</source>
        <translation>不带 dim 的 torch.cross</translation>
    </message>
    <message>
        <source>Without dim, torch.cross takes the first dimension of size 3 of its first tensor, while torch.linalg.cross takes the last one; PyTorch will change torch.cross to agree, so a program that relies on the old choice should say which dimension it means.</source>
        <translation>不给 dim 时，torch.cross 取第一个张量中第一个大小为 3 的维度，而 torch.linalg.cross 取最后一个维度；PyTorch 将修改 torch.cross 使二者一致，所以依赖旧行为的程序应当写明它指的是哪个维度。</translation>
    </message>
    <message>
        <source>Pass dim explicitly, or use torch.linalg.cross (dim=-1 by default).</source>
        <translation>显式传入 dim，或改用 torch.linalg.cross（默认 dim=-1）。</translation>
    </message>
    <message>
        <source>The shapes cannot be broadcast together</source>
        <translation>这两个形状无法广播</translation>
    </message>
    <message>
        <source>Element-wise operations (+, -, *, /) line the shapes up from the right: each pair of sizes must be equal, or one of them must be 1. The dimension named in the message has two different sizes, neither of them 1.</source>
        <translation>逐元素运算（+、-、*、/）从右往左对齐两个形状：每一对维度的大小必须相等，或者其中一个为 1。报错信息中指出的那个维度有两个不同的大小，而且都不是 1。</translation>
    </message>
    <message>
        <source>Print both shapes and make them compatible, for example with unsqueeze(), view() or a transpose (.T).</source>
        <translation>打印两个形状并让它们兼容，例如使用 unsqueeze()、view() 或转置（.T）。</translation>
    </message>
    <message>
        <source>The new shape has a different number of elements</source>
        <translation>新形状的元素个数不同</translation>
    </message>
    <message>
        <source>view() and reshape() only rearrange the elements, so the product of the new sizes must equal the number of elements of the tensor.</source>
        <translation>view() 和 reshape() 只是重新排列元素，所以新形状各维大小的乘积必须等于张量的元素个数。</translation>
    </message>
    <message>
        <source>Choose sizes whose product is the number of elements, or let PyTorch work one size out with -1.</source>
        <translation>选择乘积等于元素个数的各维大小，或者用 -1 让 PyTorch 自动算出其中一维。</translation>
    </message>
    <message>
        <source>view() on a tensor whose elements are not in order in memory</source>
        <translation>对内存中元素不连续的张量调用了 view()</translation>
    </message>
    <message>
        <source>After a transpose (t(), .T, permute) the elements are no longer laid out row by row, and view() can only reinterpret memory that is.</source>
        <translation>转置（t()、.T、permute）之后，元素在内存中不再按行依次排列，而 view() 只能重新解释按行排列的内存。</translation>
    </message>
    <message>
        <source>Use reshape() instead (it copies when it must), or call contiguous() before view().</source>
        <translation>改用 reshape()（必要时它会复制数据），或者在 view() 之前调用 contiguous()。</translation>
    </message>
    <message>
        <source>The tensors to join have different shapes</source>
        <translation>要拼接的张量形状不同</translation>
    </message>
    <message>
        <source>torch.stack needs tensors of exactly the same shape; torch.cat needs the same shape in every dimension except the one you join along.</source>
        <translation>torch.stack 要求张量的形状完全相同；torch.cat 要求除拼接的那一维之外，其余各维的大小都相同。</translation>
    </message>
    <message>
        <source>Print the shapes and make them agree, or join along another dimension (dim=...).</source>
        <translation>打印各个形状并让它们一致，或者沿另一个维度拼接（dim=...）。</translation>
    </message>
    <message>
        <source>The tensors have different dtypes</source>
        <translation>张量的数据类型（dtype）不同</translation>
    </message>
    <message>
        <source>This operation needs all its tensors to have the same dtype, but one is floating point (Float) and another an integer (Long), for example. torch.tensor([1, 2]) is an integer tensor because its numbers have no decimal point.</source>
        <translation>这个运算要求所有张量的 dtype 相同，但比如说其中一个是浮点数（Float），另一个是整数（Long）。torch.tensor([1, 2]) 是整数张量，因为其中的数都没有小数点。</translation>
    </message>
    <message>
        <source>Convert one of them with .float() (or .to(torch.float32)), or write the numbers with a decimal point.</source>
        <translation>用 .float()（或 .to(torch.float32)）转换其中一个，或者把数写成带小数点的形式。</translation>
    </message>
    <message>
        <source>Integer division by zero</source>
        <translation>整数除以零</translation>
    </message>
    <message>
        <source>An integer tensor was divided by zero with //, % or fmod (or div with a rounding_mode). Floating point division gives inf or nan there, but integers have no such values, so PyTorch stops.</source>
        <translation>整数张量用 //、% 或 fmod（或带 rounding_mode 的 div）除以了零。浮点除法在这里得到 inf 或 nan，但整数没有这样的值，所以 PyTorch 停下。</translation>
    </message>
    <message>
        <source>Make sure no divisor is 0 (replace those elements first), or divide floating point tensors (.float()) if inf and nan are acceptable results.</source>
        <translation>确保除数没有 0（先替换这些元素）；如果可以接受 inf 和 nan，就对浮点张量（.float()）做除法。</translation>
    </message>
    <message>
        <source>A number too large for the tensor&apos;s type</source>
        <translation>数值超出张量类型的范围</translation>
    </message>
    <message>
        <source>The numbers in a tensor have a fixed size: int64 (torch.long) holds integers up to about 9.2e18, int32 up to about 2.1e9, uint8 from 0 to 255, float32 up to about 3.4e38. A Python number beyond the range of the type it goes into cannot be stored there.</source>
        <translation>张量中的数有固定的大小：int64（torch.long）能存约 9.2e18 以内的整数，int32 约 2.1e9 以内，uint8 为 0 到 255，float32 约 3.4e38 以内。超出目标类型范围的 Python 数无法存进去。</translation>
    </message>
    <message>
        <source>Use a smaller number, a wider dtype (torch.int64, torch.float64), or a float such as 1e30 instead of the integer 10**30 when only the size of the number matters.</source>
        <translation>使用更小的数、更宽的 dtype（torch.int64、torch.float64），或者在只关心数量级时用浮点数 1e30 代替整数 10**30。</translation>
    </message>
    <message>
        <source>Maximum or minimum of an empty tensor</source>
        <translation>空张量的最大值或最小值</translation>
    </message>
    <message>
        <source>max, min, amax and argmax pick one of the elements, and an empty tensor (or a dimension of size 0) has none to pick. sum and mean are defined there (0 and nan); these are not.</source>
        <translation>max、min、amax 和 argmax 要从元素中挑出一个，而空张量（或大小为 0 的维度）没有元素可挑。sum 和 mean 在这里有定义（0 和 nan），这些函数没有。</translation>
    </message>
    <message>
        <source>Check the size first (x.numel() &gt; 0), or reduce along a dimension that is not empty.</source>
        <translation>先检查大小（x.numel() &gt; 0），或沿不为空的维度做归约。</translation>
    </message>
    <message>
        <source>A torch function got an argument of the wrong kind</source>
        <translation>torch 函数收到了类型不对的参数</translation>
    </message>
    <message>
        <source>PyTorch checks the arguments of its functions before it computes anything: each argument has a kind (Tensor, int, tuple of ints, bool, dtype...). The message names the function and the argument that does not fit, or lists every form of the function.</source>
        <translation>PyTorch 在计算之前先检查函数的参数：每个参数都有类型（Tensor、int、int 元组、bool、dtype……）。消息会指出函数和不合适的参数，或列出该函数的所有形式。</translation>
    </message>
    <message>
        <source>Pass a value of the kind the message names: a tensor where it says Tensor (torch.tensor() turns numbers and lists into one), an int for a dim, a tuple of ints for a shape.</source>
        <translation>传入消息所说类型的值：要求 Tensor 的地方传张量（torch.tensor() 可以把数和列表变成张量），dim 传 int，形状传 int 元组。</translation>
    </message>
    <message>
        <source>Index out of range</source>
        <translation>索引越界</translation>
    </message>
    <message>
        <source>Indices start at 0, so a dimension of size n has the indices 0 to n - 1 (and -1 to -n from the end). The index in the message is past the end.</source>
        <translation>索引从 0 开始，所以大小为 n 的维度的索引是 0 到 n - 1（从末尾数则是 -1 到 -n）。报错信息中的索引超出了末尾。</translation>
    </message>
    <message>
        <source>Use an index below the size of that dimension; print x.shape to see the sizes.</source>
        <translation>使用小于该维度大小的索引；打印 x.shape 可以看到各维的大小。</translation>
    </message>
    <message>
        <source>Dimension out of range</source>
        <translation>维度越界</translation>
    </message>
    <message>
        <source>The tensor has fewer dimensions than the dim or the number of indices used: a vector has only dim 0, a matrix dims 0 and 1.</source>
        <translation>张量的维数少于所用的 dim 或索引个数：向量只有第 0 维，矩阵有第 0 维和第 1 维。</translation>
    </message>
    <message>
        <source>Check x.dim() and x.shape, and use a dim within range (negative dims count from the end).</source>
        <translation>检查 x.dim() 和 x.shape，使用范围内的 dim（负数的 dim 从末尾开始数）。</translation>
    </message>
    <message>
        <source>Reading .grad of a non-leaf tensor</source>
        <translation>读取了非叶子张量的 .grad</translation>
    </message>
    <message>
        <source>backward() stores gradients only in the leaves (the tensors you created with requires_grad=True). This tensor was computed from others, so its .grad stays None.</source>
        <translation>backward() 只把梯度保存在叶子张量中（也就是你用 requires_grad=True 创建的张量）。这个张量是由其他张量计算得到的，所以它的 .grad 仍然是 None。</translation>
    </message>
    <message>
        <source>Call retain_grad() on it before backward() to keep its gradient, or read the .grad of the leaf instead.</source>
        <translation>在 backward() 之前对它调用 retain_grad() 来保留它的梯度，或者改为读取叶子张量的 .grad。</translation>
    </message>
    <message>
        <source>backward(create_graph=True) keeps a reference cycle</source>
        <translation>backward(create_graph=True) 会形成循环引用</translation>
    </message>
    <message>
        <source>With create_graph=True the gradient in x.grad is itself part of a graph that leads back to x. PyTorch warns because this can keep memory alive in long programs; the values are right.</source>
        <translation>使用 create_graph=True 时，x.grad 中的梯度本身也是一个计算图的一部分，而这个计算图又指回 x。PyTorch 发出警告，是因为在长时间运行的程序中这可能让内存无法释放；计算出的数值是正确的。</translation>
    </message>
    <message>
        <source>For higher derivatives prefer torch.autograd.grad(..., create_graph=True), or set x.grad = None when you are done.</source>
        <translation>求高阶导数时最好使用 torch.autograd.grad(..., create_graph=True)，或者用完后设置 x.grad = None。</translation>
    </message>
    <message>
        <source>Converting a tensor that requires grad to a Python number</source>
        <translation>把需要梯度的张量转换成了 Python 数</translation>
    </message>
    <message>
        <source>A Python number is outside autograd, so nothing computed from it can flow back into the gradient.</source>
        <translation>Python 数在 autograd 之外，所以由它计算出的任何东西都无法把梯度传回来。</translation>
    </message>
    <message>
        <source>Call detach() first to say this is intended, or keep computing with tensors.</source>
        <translation>先调用 detach() 表明这是有意为之，或者继续用张量进行计算。</translation>
    </message>
    <message>
        <source>torch.tensor() of an existing tensor</source>
        <translation>对已有的张量调用了 torch.tensor()</translation>
    </message>
    <message>
        <source>torch.tensor(t) copies the values of t; PyTorch recommends saying clearly whether the copy should stay connected to the graph.</source>
        <translation>torch.tensor(t) 会复制 t 的值；PyTorch 建议明确说明这个副本是否应该继续连接在计算图上。</translation>
    </message>
    <message>
        <source>Use t.detach().clone() for a plain copy, or t.clone() to stay in the graph.</source>
        <translation>普通副本用 t.detach().clone()；要留在计算图中则用 t.clone()。</translation>
    </message>
    <message>
        <source>out= tensor of the wrong shape</source>
        <translation>out= 张量的形状不对</translation>
    </message>
    <message>
        <source>The tensor passed as out= had a different shape from the result, so PyTorch resized it; PyTorch will stop doing this for tensors that are not empty.</source>
        <translation>作为 out= 传入的张量与结果形状不同，所以 PyTorch 调整了它的大小；以后 PyTorch 对非空张量将不再这样做。</translation>
    </message>
    <message>
        <source>Pass an out= tensor of the result&apos;s shape, or simply assign the result.</source>
        <translation>传入与结果形状相同的 out= 张量，或者直接把结果赋给变量。</translation>
    </message>
    <message>
        <source>gradcheck with float32 inputs</source>
        <translation>gradcheck 的输入是 float32</translation>
    </message>
    <message>
        <source>gradcheck compares the backward with central differences; in float32 the differences are too coarse for its default tolerances, so a correct backward can fail.</source>
        <translation>gradcheck 用中心差分检验 backward；在 float32 下差分太粗，达不到它默认的容差，正确的 backward 也可能不通过。</translation>
    </message>
    <message>
        <source>Give gradcheck float64 inputs (dtype=torch.double), or larger eps and atol.</source>
        <translation>给 gradcheck 传入 float64 的输入（dtype=torch.double），或者加大 eps 和 atol。</translation>
    </message>
    <message>
        <source>softmax without dim</source>
        <translation>softmax 没有指定 dim</translation>
    </message>
    <message>
        <source>softmax normalises along one dimension; without dim= PyTorch guesses which one.</source>
        <translation>softmax 沿某一个维度做归一化；不指定 dim= 时，PyTorch 只能猜是哪一维。</translation>
    </message>
    <message>
        <source>Pass the dimension explicitly.</source>
        <translation>明确传入维度。</translation>
    </message>
    <message>
        <source>padding=&apos;same&apos; with an even kernel</source>
        <translation>偶数大小的卷积核配合 padding=&apos;same&apos;</translation>
    </message>
    <message>
        <source>An even kernel cannot be centred, so PyTorch pads one side more than the other, on a padded copy of the input.</source>
        <translation>偶数大小的卷积核无法居中，所以 PyTorch 在输入的一个填充副本上，一侧比另一侧多填充一些。</translation>
    </message>
    <message>
        <source>Use an odd kernel size for &apos;same&apos; padding, or pad explicitly with F.pad.</source>
        <translation>&apos;same&apos; 填充请用奇数大小的卷积核，或者用 F.pad 显式填充。</translation>
    </message>
    <message>
        <source>kl_div with reduction=&apos;mean&apos;</source>
        <translation>kl_div 使用 reduction=&apos;mean&apos;</translation>
    </message>
    <message>
        <source>&apos;mean&apos; averages over every element, which is not the KL divergence; &apos;batchmean&apos; divides by the batch size only and gives the true value.</source>
        <translation>&apos;mean&apos; 对所有元素求平均，这不是 KL 散度；&apos;batchmean&apos; 只除以批大小，得到的才是真正的值。</translation>
    </message>
    <message>
        <source>Pass reduction=&apos;batchmean&apos;.</source>
        <translation>传入 reduction=&apos;batchmean&apos;。</translation>
    </message>
    <message>
        <source>size_average and reduce</source>
        <translation>size_average 与 reduce</translation>
    </message>
    <message>
        <source>The old size_average= and reduce= arguments of the losses are replaced by one argument, reduction.</source>
        <translation>损失函数旧的 size_average= 和 reduce= 参数已被一个参数 reduction 取代。</translation>
    </message>
    <message>
        <source>Write reduction=&apos;mean&apos;, &apos;sum&apos; or &apos;none&apos; instead.</source>
        <translation>改写为 reduction=&apos;mean&apos;、&apos;sum&apos; 或 &apos;none&apos;。</translation>
    </message>
    <message>
        <source>loss target of another shape</source>
        <translation>损失的目标形状不同</translation>
    </message>
    <message>
        <source>The loss broadcasts the target against the input, so every prediction is compared with every target: usually a missing or extra dimension of size 1.</source>
        <translation>损失函数把目标与输入广播，于是每个预测都和每个目标比较：通常是少了或多了一个大小为 1 的维度。</translation>
    </message>
    <message>
        <source>Make the target the input&apos;s shape, e.g. y.view(-1, 1) or out.squeeze(1).</source>
        <translation>让目标与输入形状相同，例如 y.view(-1, 1) 或 out.squeeze(1)。</translation>
    </message>
    <message>
        <source>scheduler.step() before optimizer.step()</source>
        <translation>scheduler.step() 在 optimizer.step() 之前</translation>
    </message>
    <message>
        <source>The learning-rate scheduler moved before the optimizer took its first step, so the first value of the schedule was skipped.</source>
        <translation>学习率调度器在优化器走第一步之前就前进了，所以调度的第一个值被跳过了。</translation>
    </message>
    <message>
        <source>Call optimizer.step() first, then scheduler.step(), once per epoch.</source>
        <translation>先调用 optimizer.step()，再调用 scheduler.step()，每个 epoch 一次。</translation>
    </message>
    <message>
        <source>Standard deviation or variance of too few values</source>
        <translation>值太少时的标准差或方差</translation>
    </message>
    <message>
        <source>std() and var() divide by the number of values minus one (Bessel&apos;s correction), so a single value, or none, divides by zero or less and the result is nan.</source>
        <translation>std() 和 var() 除以值的个数减一（贝塞尔校正），所以只有一个值或没有值时，除数为零或更小，结果是 nan。</translation>
    </message>
    <message>
        <source>Pass correction=0 for the plain mean of the squared deviations, or make sure there are at least two values.</source>
        <translation>传入 correction=0 得到偏差平方的普通平均值，或确保至少有两个值。</translation>
    </message>
    <message>
        <source>nn.init without the trailing underscore</source>
        <translation>nn.init 函数缺少末尾的下划线</translation>
    </message>
    <message>
        <source>The initialisers fill the tensor in place, and PyTorch names in-place functions with a trailing underscore; the old names without it still work but are deprecated.</source>
        <translation>初始化函数会原地填充张量，而 PyTorch 给原地操作的函数名加上末尾下划线；不带下划线的旧名字仍然可用，但已被弃用。</translation>
    </message>
    <message>
        <source>Add the underscore: nn.init.normal_, nn.init.xavier_uniform_, nn.init.sparse_...</source>
        <translation>加上下划线：nn.init.normal_、nn.init.xavier_uniform_、nn.init.sparse_……</translation>
    </message>
    <message>
        <source>Dropout2d on an input without channels and space</source>
        <translation>Dropout2d 用在了没有通道和空间维度的输入上</translation>
    </message>
    <message>
        <source>Dropout2d zeroes whole channels of (N, C, H, W) images. A 2-D input has no spatial dimensions, and a 3-D one is taken as (N, C, L), so the channels PyTorch zeroes may not be the ones you meant.</source>
        <translation>Dropout2d 会把 (N, C, H, W) 图像的整个通道置零。二维输入没有空间维度，三维输入会被当作 (N, C, L)，所以 PyTorch 置零的通道可能不是你想要的。</translation>
    </message>
    <message>
        <source>Use nn.Dropout for a (batch, features) input, nn.Dropout1d for (N, C, L), and keep Dropout2d for (N, C, H, W).</source>
        <translation>(batch, features) 形状的输入用 nn.Dropout，(N, C, L) 用 nn.Dropout1d，Dropout2d 只用于 (N, C, H, W)。</translation>
    </message>
    <message>
        <source>register_backward_hook is deprecated</source>
        <translation>register_backward_hook 已弃用</translation>
    </message>
    <message>
        <source>Module.register_backward_hook hooks the last node of the module&apos;s forward, not the module: its grad_input holds the gradients of that node&apos;s inputs (a Linear&apos;s bias, input and transposed weight), not those of the module&apos;s inputs. PyTorch warns when the two differ.</source>
        <translation>Module.register_backward_hook 挂在模块前向计算的最后一个节点上，而不是模块本身：它的 grad_input 是该节点各输入的梯度（对 Linear 来说是偏置、输入和转置后的权重），而不是模块输入的梯度。两者不同时 PyTorch 会发出警告。</translation>
    </message>
    <message>
        <source>Use module.register_full_backward_hook(hook): the same hook, called with the gradients of the module&apos;s inputs and outputs.</source>
        <translation>改用 module.register_full_backward_hook(hook)：同样的钩子，调用时传入的是模块输入和输出的梯度。</translation>
    </message>
    <message>
        <source>Two kinds of backward hook on one module</source>
        <translation>同一个模块上有两种反向钩子</translation>
    </message>
    <message>
        <source>A module takes either the deprecated register_backward_hook or register_full_backward_hook hooks, not both.</source>
        <translation>一个模块只能使用已弃用的 register_backward_hook 或 register_full_backward_hook 其中一种钩子，不能两者都用。</translation>
    </message>
    <message>
        <source>Register every backward hook of the module with register_full_backward_hook.</source>
        <translation>模块的所有反向钩子都用 register_full_backward_hook 注册。</translation>
    </message>
    <message>
        <source>The einsum equation does not fit its operands</source>
        <translation>einsum 的表达式与操作数不匹配</translation>
    </message>
    <message>
        <source>torch.einsum reads one letter per dimension of each operand, separated by commas; the letters after -&gt; name the output&apos;s dimensions and must appear in some operand; a letter repeated across operands is multiplied along, and one missing from the output is summed over.</source>
        <translation>torch.einsum 为每个操作数的每一维读取一个字母，操作数之间用逗号分隔；-&gt; 之后的字母命名输出的各维，必须在某个操作数中出现过；在多个操作数中重复的字母沿该维相乘，没有出现在输出中的字母会被求和。</translation>
    </message>
    <message>
        <source>Write as many letters as each operand has dimensions, one operand per comma, and only letters from the inputs after the arrow.</source>
        <translation>每个操作数写与其维数相同个数的字母，每个逗号分隔一个操作数，箭头之后只能使用输入中出现过的字母。</translation>
    </message>
    <message>
        <source>A name is used before it is defined</source>
        <translation>名字在定义之前就被使用了</translation>
    </message>
    <message>
        <source>The program uses a variable or function name that has not been assigned yet at that point: a typo, a line that is missing, or lines in the wrong order.</source>
        <translation>程序在这里用到了一个还没有赋值的变量名或函数名：可能是拼写错误、少了一行，或者几行的顺序不对。</translation>
    </message>
    <message>
        <source>Check the spelling, and make sure the assignment comes before the line that uses it (and that the program starts with import torch).</source>
        <translation>检查拼写，确保赋值语句在使用它的那一行之前（并且程序以 import torch 开头）。</translation>
    </message>
    <message>
        <source>A tensor has no attribute of this name</source>
        <translation>张量没有这个名字的属性</translation>
    </message>
    <message>
        <source>The name after the dot is neither an attribute nor a method of a tensor. Usually it is a typo: Python looks names up letter by letter.</source>
        <translation>点号后面的名字既不是张量的属性，也不是它的方法。通常是拼写错误：Python 按字母逐个查找名字。</translation>
    </message>
    <message>
        <source>Check the spelling; when a tensor has a name close to it, the example below shows it.</source>
        <translation>检查拼写；如果张量有与之相近的名字，下面的示例会给出它。</translation>
    </message>
    <message>
        <source>This torch function is not available</source>
        <translation>没有这个 torch 函数</translation>
    </message>
    <message>
        <source>Either the name is misspelt, or it is a part of PyTorch that Backprop Lens does not provide: it implements the tensor operations and autograd that tutorials use, not all of torch.</source>
        <translation>要么是名字拼错了，要么是 Backprop Lens 没有提供的 PyTorch 功能：它实现了教程中用到的张量运算和 autograd，而不是整个 torch。</translation>
    </message>
    <message>
        <source>Check the spelling; otherwise write the computation with the operations that are available.</source>
        <translation>检查拼写；如果拼写无误，请用现有的运算来写这个计算。</translation>
    </message>
    <message>
        <source>Python cannot read this line</source>
        <translation>Python 无法读懂这一行</translation>
    </message>
    <message>
        <source>The program is not valid Python, so nothing was run. The mark shows where Python noticed the problem; the cause is often just before it.</source>
        <translation>程序不是合法的 Python 代码，所以什么都没有运行。标记处是 Python 发现问题的位置；原因往往就在它前面一点。</translation>
    </message>
    <message>
        <source>Look for a missing bracket, colon or quote, or indentation that does not line up.</source>
        <translation>检查是否缺少括号、冒号或引号，或者缩进没有对齐。</translation>
    </message>
    <message>
        <source>The program went past a limit</source>
        <translation>程序超出了限制</translation>
    </message>
    <message>
        <source>Backprop Lens stops programs that run too long, loop too often, nest calls too deeply or build very large tensors, so that the app stays responsive. The message says which limit was reached.</source>
        <translation>为了让应用保持流畅，Backprop Lens 会停止运行时间过长、循环次数过多、函数调用嵌套过深或创建超大张量的程序。报错信息说明了达到的是哪一项限制。</translation>
    </message>
    <message>
        <source>Make the tensors or loops smaller. If the program is meant to be this big, raise that limit as the message says (Settings &gt; Limits in the app).</source>
        <translation>把张量或循环改小。如果程序确实需要这么大，请按报错信息的提示提高该限制（应用中的“设置 &gt; 限制”）。</translation>
    </message>
    <message>
        <source>Backprop Lens does not run this</source>
        <translation>Backprop Lens 不运行这段代码</translation>
    </message>
    <message>
        <source>Programs are read and interpreted, not run as Python, and only the parts of Python and torch that tutorials need are available. The program was checked before running and uses something outside them, named in the message.</source>
        <translation>程序是被读取并解释执行的，而不是作为 Python 直接运行，并且只提供教程需要的那部分 Python 和 torch 功能。运行前的检查发现程序用到了这些功能之外的东西，报错信息中给出了它的名字。</translation>
    </message>
    <message>
        <source>Rewrite that part with what is available; the message suggests a way where there is one.</source>
        <translation>用现有的功能改写这一部分；如果有可行的办法，报错信息会给出建议。</translation>
    </message>
</context>
</TS>
