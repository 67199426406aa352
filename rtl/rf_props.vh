// rf_props.vh: the formal properties of rf (rtl/rf.v, `ifdef FORMAL), included inside the
// module; the contract they check is stated in rf.v's header.
  localparam integer FWarps = (BankMap == 2) ? 1 : NumWarps;   // flat mode: one name space
  localparam integer FLat   = (BankLatency > 0) ? BankLatency : 1;
  reg f_init = 1'b0;
  reg [31:0]       f_mem [0:FWarps-1][0:ArchRegs-1][0:Lanes-1];
  reg [DataBits-1:0] f_exp  [0:NumPorts-1][0:FLat-1];
  reg              f_expv [0:NumPorts-1][0:FLat-1];
  reg [DataBits-1:0] f_now  [0:NumPorts-1];
  reg [31:0]       f_wait [0:NumPorts-1];
  reg [NumPorts-1:0] f_held;
  reg [NumPorts*(WarpBits+RegBits)-1:0] f_req_q;
  integer fp, fq, fb, fl, fs, fn, fbusy, fw, fr;
  reg f_wr_b, f_busy_b;
  reg [NumWarps-1:0] f_launched;
  always @(posedge clk_i)
    if (!rst_ni) f_launched <= {NumWarps{1'b0}};
    else if (launch_valid_i) f_launched[launch_warp_i] <= 1'b1;
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @* begin
    if (!rst_ni) assume(!rd_valid_i && !wr_valid_i);
    if (launch_valid_i)
      assume(launch_base_i == launch_warp_i * (ArchRegs / NumBanks) && !f_launched[launch_warp_i]);
    for (fp = 0; fp < NumPorts; fp = fp + 1)
      if (rd_valid_i[fp] && BankMap != 2) assume(f_launched[rd_warp_i[fp*WarpBits +: WarpBits]]);
    for (fp = 0; fp < NumWPorts; fp = fp + 1)
      if (wr_valid_i[fp] && BankMap != 2) assume(f_launched[wr_warp_i[fp*WarpBits +: WarpBits]]);
    for (fp = 0; fp < NumPorts; fp = fp + 1)
      if (f_held[fp])
        assume(rd_valid_i[fp] && {rd_warp_i[fp*WarpBits +: WarpBits], rd_reg_i[fp*RegBits +: RegBits]} ==
               f_req_q[fp*(WarpBits+RegBits) +: WarpBits+RegBits]);
  end
  // the reference: data by (warp, register), answers by port
  always @* for (fp = 0; fp < NumPorts; fp = fp + 1) begin
    fw = (BankMap == 2) ? 0 : rd_warp_i[fp*WarpBits +: WarpBits];
    fr = rd_reg_i[fp*RegBits +: RegBits];
    for (fl = 0; fl < Lanes; fl = fl + 1) f_now[fp][fl*32 +: 32] = f_mem[fw][fr][fl];
  end
  always @(posedge clk_i) begin
    for (fp = 0; fp < NumWPorts; fp = fp + 1)
      if (rst_ni && wr_gnt_o[fp])
        for (fl = 0; fl < Lanes; fl = fl + 1)
          if (wr_mask_i[fp*Lanes + fl])
            f_mem[(BankMap == 2) ? 0 : wr_warp_i[fp*WarpBits +: WarpBits]][wr_reg_i[fp*RegBits +: RegBits]][fl]
              <= wr_data_i[(fp*Lanes + fl)*32 +: 32];
    for (fp = 0; fp < NumPorts; fp = fp + 1) begin
      f_held[fp] <= rst_ni && rd_valid_i[fp] && !rd_gnt_o[fp];
      f_req_q[fp*(WarpBits+RegBits) +: WarpBits+RegBits] <=
        {rd_warp_i[fp*WarpBits +: WarpBits], rd_reg_i[fp*RegBits +: RegBits]};
      f_exp[fp][0]  <= f_now[fp];
      f_expv[fp][0] <= rst_ni && rd_gnt_o[fp];
      for (fs = 1; fs < FLat; fs = fs + 1) begin
        f_exp[fp][fs]  <= f_exp[fp][fs-1];
        f_expv[fp][fs] <= rst_ni && f_expv[fp][fs-1];
      end
      f_wr_b = 1'b0;
      f_busy_b = 1'b0;
      for (fq = 0; fq < NumWPorts; fq = fq + 1)
        if (wr_valid_i[fq] && wr_bank[fq*BankBits +: BankBits] == rd_bank[fp*BankBits +: BankBits]) f_wr_b = 1'b1;
      for (fq = 0; fq < NumBP; fq = fq + 1)
        if (|busy_q[fq] && fq / BankPorts == rd_bank[fp*BankBits +: BankBits]) f_busy_b = 1'b1;
      if (!rst_ni || !rd_valid_i[fp] || rd_gnt_o[fp]) f_wait[fp] <= 0;
      else if (!f_wr_b && !f_busy_b) f_wait[fp] <= f_wait[fp] + 1;
    end
  end
  always @* if (f_init && rst_ni) begin
    for (fb = 0; fb < NumBanks; fb = fb + 1) begin
      fn = 0;
      fbusy = 0;
      for (fp = 0; fp < NumPorts; fp = fp + 1)
        if (rd_gnt_o[fp] && rd_bank[fp*BankBits +: BankBits] == fb) fn = fn + 1;
      for (fp = 0; fp < NumWPorts; fp = fp + 1)
        if (wr_gnt_o[fp] && wr_bank[fp*BankBits +: BankBits] == fb) fn = fn + 1;
      for (fq = 0; fq < BankPorts; fq = fq + 1) if (|busy_q[fb*BankPorts + fq]) fbusy = fbusy + 1;
      assert(fn + fbusy <= BankPorts);
      for (fp = 0; fp < NumWPorts; fp = fp + 1)
        if (wr_valid_i[fp] && !wr_gnt_o[fp] && wr_bank[fp*BankBits +: BankBits] == fb) begin
          assert(fn + fbusy == BankPorts);
          for (fq = 0; fq < NumPorts; fq = fq + 1)
            assert(!(rd_gnt_o[fq] && rd_bank[fq*BankBits +: BankBits] == fb));
          for (fq = fp + 1; fq < NumWPorts; fq = fq + 1)
            assert(!(wr_gnt_o[fq] && wr_bank[fq*BankBits +: BankBits] == fb));
        end
    end
    for (fp = 0; fp < NumPorts; fp = fp + 1) begin
      assert(rd_gnt_o[fp] ? rd_valid_i[fp] : 1'b1);
      assert(f_wait[fp] < NumPorts);
      if (BankLatency == 0) assert(rsp_valid_o[fp] == rd_gnt_o[fp]);
      else assert(rsp_valid_o[fp] == f_expv[fp][FLat-1]);
      if (BankLatency == 0 && rd_gnt_o[fp]) assert(rsp_data_o[fp*DataBits +: DataBits] == f_now[fp]);
      if (BankLatency > 0 && f_expv[fp][FLat-1]) assert(rsp_data_o[fp*DataBits +: DataBits] == f_exp[fp][FLat-1]);
      // inductive strengthening: a waiting read's distance from the round-robin pointer (the
      // first port served) shrinks
      fb = rd_bank[fp*BankBits +: BankBits];
      if (f_wait[fp] != 0)
        assert(f_held[fp] && (fp + NumPorts - rr_q[fb]) % NumPorts + f_wait[fp] < NumPorts);
    end
    for (fb = 0; fb < NumBanks; fb = fb + 1) assert(rrt_q[fb] == {NumPorts{1'b1}} << rr_q[fb]);
    for (fw = 0; fw < NumWarps; fw = fw + 1)
      if (f_launched[fw]) assert(base_q[fw] == fw * (ArchRegs / NumBanks));
  end
  // inductive strengthening: the banks hold the reference's data, the read pipelines its answers
  genvar fg, fk, fsg;
  generate
    for (fg = 0; fg < NumBanks; fg = fg + 1) begin : f_bank
      integer fw2, fr2, fl2;
      always @* if (f_init)
        for (fw2 = 0; fw2 < NumWarps; fw2 = fw2 + 1)
          for (fr2 = 0; fr2 < ArchRegs; fr2 = fr2 + 1)
            if (bank_of(fw2, fr2) == fg)
              for (fl2 = 0; fl2 < Lanes; fl2 = fl2 + 1)
                assert(g_bank[fg].mem[row_of(fw2 * (ArchRegs / NumBanks), fr2)][fl2*32 +: 32] ==
                       f_mem[(BankMap == 2) ? 0 : fw2][fr2][fl2]);
      if (BankLatency > 0)
        for (fk = 0; fk < BankPorts; fk = fk + 1) begin : f_port
          for (fsg = 0; fsg < BankLatency; fsg = fsg + 1) begin : f_stage
            integer fp2;
            always @* if (f_init && rst_ni)
              for (fp2 = 0; fp2 < NumPorts; fp2 = fp2 + 1)
                if (g_bank[fg].g_port[fk].g_pipe.pv_q[fsg] && g_bank[fg].g_port[fk].g_pipe.pp_q[fsg] == fp2)
                  assert(f_expv[fp2][fsg] && g_bank[fg].g_port[fk].g_pipe.pd_q[fsg] == f_exp[fp2][fsg]);
          end
        end
    end
  endgenerate
